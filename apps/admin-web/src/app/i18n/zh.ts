/**
 * Strings of the shell, the login page and the error panels (Chinese, the default language); the console's own
 * (menu, tabs, screen titles, the layout's and the console pages' texts, confirmations, building blocks, the
 * words and form errors only its screens use) are in console-zh.ts and load with the console.
 */
export const appZh = {
  common: {
    ok: '确定',
    cancel: '取消',
    confirm: '确认',
    back: '返回',
    close: '关闭',
    loading: '加载中…',
    retry: '重试',
    language: '语言',
    empty: '—',
  },
  languages: { zh: '中文', en: 'English' },
  layout: {
    appName: '厨房电器品牌管理后台',
    switchLanguage: '切换语言',
  },
  pages: {
    loadFailedTitle: '页面加载失败',
    loadFailedBody: '页面文件加载失败或超时，请检查网络后重试。',
  },
  messages: {
    applying: '正在应用更改…',
    operationSuccess: '操作成功',
    loadError: '数据加载错误',
    requestId: '请求编号：{{id}}',
    notLoggedIn: '未登录，请重新登录',
  },
  errors: {
    requiredNamed: '{{field}}不能为空',
    required: '此项不能为空',
    text_invalid_chars: '不能包含控制字符或无效字符',
    account_required: '用户名不能为空',
    password_required: '密码不能为空',
    captcha_required: '验证码不能为空',
    password_rule: '密码须由字母和数字组成，至少8位',
    password_mismatch: '两次输入的密码不一致',
    email_required: '邮箱不能为空',
    email_invalid: '请输入正确的邮箱',
    email_not_in_system: '邮箱未添加到系统',
    email_code_required: '验证码不能为空',
    email_code_invalid: '验证码为6位数字',
    email_code_wrong: '邮箱验证码错误',
  },
};
