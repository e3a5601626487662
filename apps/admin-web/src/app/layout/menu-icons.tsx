import {
  IconBook2,
  IconChefHat,
  IconDeviceDesktopAnalytics,
  IconHome,
  IconPackage,
  IconPhoto,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { MenuGroupKey } from '../../lib/screen.js';

export const ITEM_ICONS: Record<string, Icon> = {
  '/home': IconHome,
  '/apk-list': IconPackage,
  '/banner/list': IconPhoto,
  '/group-recipe/list': IconBook2,
};

export const GROUP_ICONS: Record<MenuGroupKey, Icon> = {
  recipes: IconChefHat,
  devices: IconDeviceDesktopAnalytics,
  users: IconUsers,
  operations: IconSpeakerphone,
};
