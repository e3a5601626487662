import type { staffZh } from './zh.js';

export const staffEn: typeof staffZh = {
  fields: {
    account: 'Account',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    status: 'Status',
    passwordSet: 'Password set',
    createdAt: 'Created',
    keyword: 'Account, name or email',
  },
  status: { enabled: 'Enabled', disabled: 'Disabled' },
  passwordSet: { yes: 'Set', no: 'Not yet (invited)' },
  invite: 'Invite staff',
  inviteTitle: 'Invite a staff member',
  inviteNote:
    'They get a mail with a link: there they get a code sent to this email, set a password, and can log in.',
  send: 'Send invitation',
  edit: 'Edit',
  editTitle: 'Edit staff account',
  save: 'Save',
  cancel: 'Cancel',
  disable: 'Disable',
  enable: 'Enable',
  changes: 'Changes',
  changesTitle: 'Changes of {{account}}',
  noChanges: 'No changes yet',
  actions: {
    invited: 'Invited',
    created: 'Created (platform operator)',
    updated: 'Changed',
    disabled: 'Disabled',
    enabled: 'Enabled',
  },
  change: {
    role: 'Role: {{before}} → {{after}}',
    name: 'Name: {{before}} → {{after}}',
    initial: 'Role: {{role}}, name: {{name}}',
  },
  actor: 'By',
  operator: 'platform operator',
  time: 'Time',
  action: 'Action',
  detail: 'Details',
};

/** Form error codes of the staff screen (the API's own codes and words). */
export const staffErrorsEn = {
  staff_name_required: 'Name cannot be empty',
  staff_account_rule: 'The account must be 2 to 64 letters, digits or . _ @ -',
};
