export const accountZh = {
  personage: {
    account: '账号',
    name: '姓名',
    email: '邮箱',
    role: '角色',
    brand: '品牌',
  },
  password: {
    original: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    rule: '字母和数字组合，至少8位',
    submit: '确定修改',
    after: '修改成功后需要重新登录。',
  },
};
