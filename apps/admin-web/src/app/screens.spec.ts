import { describe, expect, it } from '@jest/globals';
import { enCatalog, zhCatalog } from './i18n/catalogs.js';
import { MENU, menuGroupOf, menuPathFor } from './menu.js';
import { SCREENS, screenFor } from './screens.js';

/** The authenticated routes of §2, copied from the spec's table. */
const SPEC_ROUTES = `
/home /password-edit /personage-detail
/apk-list /apk-detail /apk-add /apk-edit
/device-info-list /device-info-detail /fault-collect-detail /fault-record-list /test-device-list /test-device-detail /test-device-add /test-device-edit
/user-list /user-detail /vip-user-list
/fitting-list /fitting-add /fitting-edit
/lock-screen-ads-list /lock-screen-ads-add /lock-screen-ads-edit
/hot-tag-list /hot-tag-add /hot-tag-edit
/user-search-record-list
/inform-list /inform-add /inform-edit /inform-detail
/recipe-list /recipe-add /recipe-edit /preview-detail /recipe-model /recipe-detail /recycling-list
/user-evaluation-list /user-evaluation-add
/lang-set-edit
/category-set-list /category-set-add /category-set-edit
/online-cate/list /online-cate/add /online-cate/detail /online-cate/recipeList
/tag-list /tag-add /tag-edit
/pay-recipe-list /online-recipe-list
/offline-recipes-list /offline-recipes-add /offline-recipes-edit
/banner/list /banner/add /banner/edit /banner/detail /banner/recipe
/group-recipe/list /group-recipe/detail /group-recipe/add /group-recipe/edit /group-recipe/recipeList
`
  .split(/\s+/)
  .filter(Boolean);

describe('screens', () => {
  it('register every authenticated route of §2 exactly as written', () => {
    const paths = SCREENS.map((s) => s.path as string);
    expect(SPEC_ROUTES.filter((p) => !paths.includes(p))).toEqual([]);
    // Beyond §2 only the no-permission route, the ingredient-unit screen the dictionary names and the auditors'
    // view of cleared and deleted records (the design names auditors as users), and the admins' staff accounts.
    expect(paths.filter((p) => !SPEC_ROUTES.includes(p)).sort()).toEqual([
      '/audit-history',
      '/no-permission',
      '/staff-list',
      '/unit-list',
    ]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keep exactly the §2 pages alive: recipe list, add, edit and banner add, edit', () => {
    expect(SCREENS.filter((s) => 'keepAlive' in s && s.keepAlive).map((s) => s.path)).toEqual([
      '/recipe-list',
      '/recipe-add',
      '/recipe-edit',
      '/banner/add',
      '/banner/edit',
    ]);
  });

  it('have a title in both languages', () => {
    for (const screen of SCREENS) {
      expect(zhCatalog.routes[screen.title]).toBeTruthy();
      expect(enCatalog.routes[screen.title]).toBeTruthy();
    }
  });

  it('give every screen its own page: none falls back to the "later release" panel', () => {
    expect(SCREENS.filter((s) => !('page' in s) || !s.page).map((s) => s.path)).toEqual([]);
  });

  it('build the menu only from registered screens, each reachable once', () => {
    const items = MENU.flatMap((e) => (e.kind === 'item' ? [e.path] : e.items));
    expect(items.filter((p) => !screenFor(p))).toEqual([]);
    expect(new Set(items).size).toBe(items.length);
    for (const screen of SCREENS) {
      const parent = 'parent' in screen ? screen.parent : undefined;
      if (parent) expect(items).toContain(parent);
    }
  });

  it('lay the sidebar out in the order of §2 from the places the features give their screens', () => {
    expect(MENU).toEqual([
      { kind: 'item', path: '/home' },
      {
        kind: 'group',
        key: 'recipes',
        items: [
          '/category-set-list',
          '/tag-list',
          '/recipe-list',
          '/offline-recipes-list',
          '/online-recipe-list',
          '/online-cate/list',
          '/pay-recipe-list',
          '/user-evaluation-list',
          '/unit-list',
          '/recycling-list',
          '/lang-set-edit',
        ],
      },
      { kind: 'item', path: '/apk-list' },
      { kind: 'item', path: '/banner/list' },
      { kind: 'item', path: '/group-recipe/list' },
      {
        kind: 'group',
        key: 'devices',
        items: ['/device-info-list', '/fault-collect-detail', '/fault-record-list', '/test-device-list'],
      },
      { kind: 'group', key: 'users', items: ['/user-list', '/vip-user-list'] },
      {
        kind: 'group',
        key: 'operations',
        items: [
          '/fitting-list',
          '/inform-list',
          '/lock-screen-ads-list',
          '/hot-tag-list',
          '/user-search-record-list',
          '/staff-list',
        ],
      },
    ]);
  });

  it("derive a reference entity's list, add and edit screens from its one registration", () => {
    expect(screenFor('/fitting-list')).toMatchObject({ title: 'fittingList', menu: { group: 'operations' } });
    expect(screenFor('/fitting-add')).toMatchObject({
      title: 'fittingAdd',
      parent: '/fitting-list',
      permission: 'accessory.edit',
    });
    expect(screenFor('/fitting-edit')).toMatchObject({
      title: 'fittingEdit',
      parent: '/fitting-list',
      permission: 'accessory.edit',
      record: true,
    });
    // Units are added and edited in a dialog over their list: no pages of their own.
    expect(screenFor('/unit-list')?.title).toBe('unitList');
    expect(screenFor('/unit-add')).toBeUndefined();
    expect(screenFor('/unit-edit')).toBeUndefined();
  });

  it('place the dictionary-only screens where a user would look', () => {
    expect(menuGroupOf('/pay-recipe-list')).toBe('recipes');
    expect(menuGroupOf('/online-cate/list')).toBe('recipes');
    expect(menuGroupOf('/recycling-list')).toBe('recipes');
    expect(menuGroupOf('/unit-list')).toBe('recipes');
    expect(menuGroupOf('/user-evaluation-list')).toBe('recipes');
    expect(menuGroupOf('/vip-user-list')).toBe('users');
    expect(menuGroupOf('/lock-screen-ads-list')).toBe('operations');
    expect(menuGroupOf('/hot-tag-list')).toBe('operations');
    expect(menuGroupOf('/user-search-record-list')).toBe('operations');
  });

  it('highlight the list a record screen belongs to', () => {
    expect(menuPathFor('/recipe-edit')).toBe('/recipe-list');
    expect(menuPathFor('/banner/edit/')).toBe('/banner/list');
    expect(menuPathFor('/home')).toBe('/home');
    expect(menuPathFor('/nowhere')).toBeNull();
  });

  it('guard every add and edit form by the permission of its save', () => {
    // Guarded in the page instead: the recipe editor (a notice naming the role), the offline pack's page (also
    // where auditors publish it), the language settings (read-only for the others) and one's own password.
    const inPage = [
      '/recipe-add',
      '/recipe-edit',
      '/offline-recipes-edit',
      '/lang-set-edit',
      '/password-edit',
    ];
    const forms = SCREENS.filter((s) => /[-/](add|edit)$/.test(s.path) && !inPage.includes(s.path));
    expect(forms.length).toBeGreaterThan(20);
    expect(forms.filter((s) => !s.permission).map((s) => s.path)).toEqual([]);
    expect(screenFor('/inform-add')?.permission).toBe('notice.edit');
    expect(screenFor('/apk-add')?.permission).toBe('apk.edit');
  });
});
