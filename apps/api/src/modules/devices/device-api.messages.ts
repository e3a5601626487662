/** Messages of the device, test device and fault record endpoints (§8 "device does not exist"). */
export const DEVICE_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  device_not_found: { zh: '设备不存在', en: 'Device does not exist' },
  history_days_invalid: { zh: '时间跨度须为1、7、30或365天', en: 'The span must be 1, 7, 30 or 365 days' },
  time_invalid: { zh: '时间格式有误', en: 'Invalid date or time' },
  time_range_invalid: { zh: '开始时间不能晚于结束时间', en: 'The start must not be after the end' },
  inactivity_timeout_invalid: {
    zh: '离线判定时间须为30秒到7天之间的整数秒',
    en: 'The inactivity timeout must be whole seconds between 30 and 7 days',
  },
  device_credential_revoked: {
    zh: '已吊销{count}台设备的凭证，这些设备需重新激活',
    en: 'Revoked the credential of {count} device(s); they must activate again',
  },
  test_device_sn_required: { zh: '请输入设备SN', en: 'Enter the device SN' },
  test_device_sn_unknown: {
    zh: '设备SN {sn} 不存在或不属于本品牌',
    en: 'No device with SN {sn} in your brand',
  },
  test_device_exists: { zh: '设备 {sn} 已在测试设备组中', en: 'Device {sn} is already a test device' },
  fault_not_found: { zh: '故障记录不存在', en: 'Fault record does not exist' },
};
