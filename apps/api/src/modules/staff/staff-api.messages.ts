/** Messages of the staff endpoints (`/api/staff/*`) and of the operator's CLI (`npm run admin`). */
export const STAFF_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  staff_not_found: { zh: '员工账号不存在', en: 'Staff account does not exist' },
  staff_role_invalid: {
    zh: '角色须为管理员、编辑、审核员或只读',
    en: 'The role must be admin, editor, auditor or viewer',
  },
  staff_name_required: { zh: '姓名不能为空', en: 'Name cannot be empty' },
  staff_name_too_long: { zh: '姓名最多50个字符', en: 'The name may have at most 50 characters' },
  staff_account_rule: {
    zh: '账号须为2到64位字母、数字或 . _ @ -',
    en: 'The account must be 2 to 64 letters, digits or . _ @ -',
  },
  staff_account_taken: { zh: '账号已存在', en: 'This account already exists' },
  staff_email_taken: { zh: '该邮箱已被其他账号使用', en: 'Another account already uses this email' },
  staff_last_admin: {
    zh: '{account} 是本品牌最后一个启用的管理员，不能停用或改为其他角色；请先设置另一位管理员',
    en: '{account} is the brand’s last active admin and cannot be disabled or given another role; make another account admin first',
  },
  status_invalid: { zh: '状态有误', en: 'Invalid status' },
  staff_invited: {
    zh: '邀请已发送，对方通过邮件设置密码后即可登录',
    en: 'Invitation sent: they can log in once they set a password from the mail',
  },
  brand_not_found: { zh: '品牌 {brand} 不存在', en: 'Brand {brand} does not exist' },
  brand_exists: { zh: '品牌 {brand} 已存在', en: 'Brand {brand} already exists' },
  brand_disabled: {
    zh: '品牌 {brand} 已停用，不能新增或启用其账号',
    en: 'Brand {brand} is disabled: its accounts cannot be created or enabled',
  },
  brand_code_rule: {
    zh: '品牌编码须为2到32位大写字母、数字、- 或 _',
    en: 'The brand code must be 2 to 32 upper-case letters, digits, - or _',
  },
  brand_name_required: { zh: '品牌名称不能为空', en: 'The brand name cannot be empty' },
  brand_product_unknown: {
    zh: '机型目录中没有 {product}',
    en: 'The product catalogue has no model {product}',
  },
};
