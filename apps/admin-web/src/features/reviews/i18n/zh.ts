/** The review screens' strings (/user-evaluation-list, /user-evaluation-add). */
export const reviewsZh = {
  fields: {
    recipe: '菜谱',
    recipeNumber: '菜谱编号',
    recipeName: '菜谱名称',
    sn: 'SN号',
    user: '用户',
    userAccount: '用户账号',
    userNickname: '用户昵称',
    score: '评分',
    content: '评价内容',
    time: '评价时间',
    date: '评价日期',
  },
  stars: '{{count}}星',
  recipePlaceholder: '输入编号或名称搜索菜谱',
  noRecipe: '没有匹配的菜谱',
  add: '新增评价',
  errors: {
    recipe: '请选择菜谱',
    sn: 'SN号不能为空',
    user: '用户不能为空',
    score: '请选择评分',
  },
};
