/** The screens (menu routes) the evaluation operations serve. */
export const SCREENS = {
  setting: '/business/evaManage/evaSetting',
  workList: '/evaWorkList',
  workEdit: '/evaWorkEdit',
  totalList: '/compEvaTotalList',
  totalEdit: '/compEvaTotalEdit',
  resultList: '/business/evaResult/evaWorkResultList',
  resultView: '/business/evaResult/evaWorkResultView',
  contractList: '/business/evaManage/purContCompMngList',
  contractDetail: '/business/evaManage/purContCompMngDetail',
  surveyList: '/business/evaManage/transSatisMngList',
  surveyDetail: '/business/evaManage/transSatisMngDetail',
  myTotalList: '/compInfo/evaTotalList',
  myTotalView: '/compInfo/evaTotalView',
  mySurveyList: '/compInfo/transSatisSurveyList',
  mySurveyEdit: '/compInfo/transSatisSurveyEdit',
} as const;
