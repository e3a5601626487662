import { useSyncExternalStore } from 'react';
import { commandsApplying } from './api-client.js';

/** Whether a command's effect is still on its way to the screens (see commandsApplying in lib/api-client). */
export function useCommandsApplying(): boolean {
  return useSyncExternalStore(commandsApplying.subscribe, commandsApplying.any);
}
