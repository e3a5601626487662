import { messagesOf } from '../../common/messages.js';

/** Messages of the device, test device and fault record endpoints (§8 "device does not exist"). */
export const DEVICE_API_MESSAGES = messagesOf(import.meta.url, './device-api.messages.json');
