import type { Rng } from './rng.js';

/**
 * Korean personal names with the romanisation people put on their business cards.
 * Surname weights roughly follow the census, so a staff list looks like a real one.
 */
export const SURNAMES: ReadonlyArray<readonly [ko: string, en: string, weight: number]> = [
  ['김', 'Kim', 215], ['이', 'Lee', 147], ['박', 'Park', 84], ['최', 'Choi', 47], ['정', 'Jung', 43],
  ['강', 'Kang', 24], ['조', 'Cho', 21], ['윤', 'Yoon', 20], ['장', 'Jang', 20], ['임', 'Lim', 16],
  ['한', 'Han', 15], ['오', 'Oh', 15], ['서', 'Seo', 15], ['신', 'Shin', 15], ['권', 'Kwon', 14],
  ['황', 'Hwang', 14], ['안', 'Ahn', 14], ['송', 'Song', 14], ['류', 'Ryu', 12], ['전', 'Jeon', 11],
  ['홍', 'Hong', 11], ['고', 'Ko', 9], ['문', 'Moon', 9], ['양', 'Yang', 9], ['손', 'Son', 9],
  ['배', 'Bae', 8], ['백', 'Baek', 8], ['허', 'Heo', 6], ['유', 'Yoo', 6], ['남', 'Nam', 5],
  ['심', 'Sim', 5], ['노', 'Noh', 5], ['하', 'Ha', 4], ['곽', 'Kwak', 4], ['성', 'Sung', 4],
  ['차', 'Cha', 4], ['주', 'Joo', 4], ['우', 'Woo', 3], ['구', 'Koo', 3], ['민', 'Min', 3],
];

export const GIVEN_NAMES: ReadonlyArray<readonly [ko: string, en: string]> = [
  ['민준', 'Minjun'], ['서준', 'Seojun'], ['도윤', 'Doyun'], ['예준', 'Yejun'], ['시우', 'Siwoo'],
  ['하준', 'Hajun'], ['지호', 'Jiho'], ['주원', 'Juwon'], ['지후', 'Jihu'], ['준우', 'Junwoo'],
  ['서연', 'Seoyeon'], ['서윤', 'Seoyun'], ['지우', 'Jiwoo'], ['서현', 'Seohyun'], ['민서', 'Minseo'],
  ['하은', 'Haeun'], ['하윤', 'Hayun'], ['윤서', 'Yunseo'], ['지민', 'Jimin'], ['지유', 'Jiyu'],
  ['영호', 'Youngho'], ['성민', 'Sungmin'], ['정훈', 'Junghoon'], ['현우', 'Hyunwoo'], ['동현', 'Donghyun'],
  ['상철', 'Sangchul'], ['미경', 'Mikyung'], ['은정', 'Eunjung'], ['수진', 'Sujin'], ['혜진', 'Hyejin'],
  ['재훈', 'Jaehoon'], ['승현', 'Seunghyun'], ['준호', 'Junho'], ['민수', 'Minsu'], ['영수', 'Youngsoo'],
  ['경민', 'Kyungmin'], ['태현', 'Taehyun'], ['유진', 'Yujin'], ['소연', 'Soyeon'], ['지은', 'Jieun'],
  ['은지', 'Eunji'], ['현정', 'Hyunjung'], ['상우', 'Sangwoo'], ['우진', 'Woojin'], ['진우', 'Jinwoo'],
  ['건우', 'Gunwoo'], ['예린', 'Yerin'], ['다은', 'Daeun'], ['수빈', 'Subin'], ['나연', 'Nayeon'],
  ['성호', 'Sungho'], ['종현', 'Jonghyun'], ['기현', 'Kihyun'], ['병철', 'Byungchul'], ['명수', 'Myungsoo'],
  ['정민', 'Jungmin'], ['미영', 'Miyoung'], ['선영', 'Sunyoung'], ['혜원', 'Hyewon'], ['지영', 'Jiyoung'],
  ['대현', 'Daehyun'], ['광수', 'Kwangsoo'], ['용준', 'Yongjun'], ['재석', 'Jaeseok'], ['창민', 'Changmin'],
  ['보람', 'Boram'], ['아름', 'Areum'], ['슬기', 'Seulgi'], ['한결', 'Hangyeol'], ['가은', 'Gaeun'],
];

export interface PersonName {
  hname: string;
  ename: string;
  /** Lower-case ASCII, for e-mail local parts. */
  handle: string;
}

export function randomPersonName(rng: Rng): PersonName {
  const [sko, sen] = rng.weighted(SURNAMES.map((s) => [s, s[2]] as const));
  const [gko, gen] = rng.pick(GIVEN_NAMES);
  return { hname: `${sko}${gko}`, ename: `${gen} ${sen}`, handle: `${gen}.${sen}`.toLowerCase() };
}

/** Roots and trades for supplier names: ㈜대한정밀, 한빛전자 주식회사, 세종테크 … */
export const COMPANY_ROOTS: ReadonlyArray<readonly [ko: string, en: string]> = [
  ['대한', 'Daehan'], ['한빛', 'Hanbit'], ['세종', 'Sejong'], ['동양', 'Dongyang'], ['삼호', 'Samho'],
  ['태성', 'Taesung'], ['우림', 'Woorim'], ['신영', 'Shinyoung'], ['대성', 'Daesung'], ['한울', 'Hanul'],
  ['금강', 'Geumgang'], ['미래', 'Mirae'], ['은성', 'Eunsung'], ['정우', 'Jungwoo'], ['서진', 'Seojin'],
  ['동해', 'Donghae'], ['청운', 'Cheongwoon'], ['보성', 'Boseong'], ['영진', 'Youngjin'], ['광명', 'Gwangmyeong'],
  ['한결', 'Hangyeol'], ['새한', 'Saehan'], ['일신', 'Ilshin'], ['현진', 'Hyunjin'], ['진영', 'Jinyoung'],
  ['성원', 'Sungwon'], ['유진', 'Eugene'], ['해성', 'Haesung'], ['아주', 'Aju'], ['경동', 'Kyungdong'],
  ['태광', 'Taekwang'], ['제일', 'Jeil'], ['상신', 'Sangshin'], ['국제', 'Kukje'], ['나라', 'Nara'],
  ['하나', 'Hana'], ['두리', 'Duri'], ['한성', 'Hansung'], ['동진', 'Dongjin'], ['오성', 'Ohsung'],
];

export const COMPANY_TRADES: ReadonlyArray<readonly [ko: string, en: string, bizType: string, bizItem: string]> = [
  ['정밀', 'Precision', '제조업', '정밀기계부품'], ['전자', 'Electronics', '제조업', '전자부품'],
  ['테크', 'Tech', '제조업', '산업용 장비'], ['산업', 'Industrial', '도소매', '산업용품'],
  ['화학', 'Chemical', '제조업', '화학제품'], ['금속', 'Metal', '제조업', '금속가공품'],
  ['포장', 'Packaging', '제조업', '포장재'], ['물산', 'Trading', '도소매', '사무용품'],
  ['시스템', 'Systems', '서비스업', '전산장비 유지보수'], ['엔지니어링', 'Engineering', '서비스업', '설비 설치 및 보수'],
  ['소재', 'Materials', '제조업', '원자재'], ['기계', 'Machinery', '제조업', '산업기계'],
  ['전기', 'Electric', '도소매', '전기자재'], ['케미칼', 'Chemicals', '도소매', '산업용 소모품'],
  ['상사', 'Corporation', '도소매', '종합상사'], ['로지스', 'Logis', '운수업', '화물운송'],
];

export const STREETS: ReadonlyArray<readonly [city: string, zip: string, area: string]> = [
  ['서울특별시 금천구 가산디지털1로', '08590', '02'], ['서울특별시 구로구 디지털로', '08378', '02'],
  ['경기도 안산시 단원구 산단로', '15434', '031'], ['경기도 시흥시 공단1대로', '15078', '031'],
  ['경기도 화성시 향남읍 제약공단로', '18622', '031'], ['경기도 평택시 포승읍 평택항로', '17962', '031'],
  ['인천광역시 남동구 남동대로', '21633', '032'], ['경상북도 구미시 1공단로', '39366', '054'],
  ['대구광역시 달서구 성서공단로', '42718', '053'], ['부산광역시 강서구 녹산산업중로', '46752', '051'],
  ['경상남도 창원시 성산구 공단로', '51567', '055'], ['대전광역시 유성구 테크노2로', '34013', '042'],
  ['충청북도 청주시 흥덕구 산단로', '28589', '043'], ['광주광역시 광산구 하남산단로', '62231', '062'],
];
