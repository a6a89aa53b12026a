/**
 * The item catalogue as data: a three-level category tree whose leaves say what kind of items
 * they hold. In Korean purchasing an item is 품명 (name) plus 규격 (spec), so items are the
 * product of a leaf's names and its spec parts; makers marked jp are invoiced in yen.
 */
type Maker = readonly [name: string, jp?: 'jp'];

export interface LeafCategory {
  code: string;
  ko: string;
  en: string;
  unit: string;
  /** Reference price range in KRW. */
  price: readonly [min: number, max: number];
  makers: readonly Maker[];
  names: ReadonlyArray<readonly [ko: string, en: string]>;
  /** Spec parts; every combination (joined by a space) is one spec. */
  specs: ReadonlyArray<readonly string[]>;
}

interface MidCategory {
  code: string;
  ko: string;
  en: string;
  leaves: readonly LeafCategory[];
}

export interface TopCategory {
  code: string;
  ko: string;
  en: string;
  /** Sourcing-group level 1 this family is bought under. */
  sourcing: 'SGD' | 'SGI' | 'SGC';
  mids: readonly MidCategory[];
}

export const UNITS: ReadonlyArray<readonly [code: string, ko: string, en: string]> = [
  ['EA', '개', 'Each'],
  ['BOX', '박스', 'Box'],
  ['SET', '세트', 'Set'],
  ['KG', '킬로그램', 'Kilogram'],
  ['G', '그램', 'Gram'],
  ['TON', '톤', 'Ton'],
  ['M', '미터', 'Metre'],
  ['M2', '제곱미터', 'Square metre'],
  ['L', '리터', 'Litre'],
  ['ML', '밀리리터', 'Millilitre'],
  ['ROLL', '롤', 'Roll'],
  ['SHT', '장', 'Sheet'],
  ['PAC', '팩', 'Pack'],
  ['PR', '켤레', 'Pair'],
  ['CAN', '캔', 'Can'],
  ['BTL', '병', 'Bottle'],
  ['DZ', '다스', 'Dozen'],
  ['LIC', '라이선스', 'Licence'],
];

export const SOURCING_TOP: ReadonlyArray<readonly [code: 'SGD' | 'SGI' | 'SGC', ko: string, en: string]> = [
  ['SGD', '직접재', 'Direct materials'],
  ['SGI', '간접재', 'Indirect materials'],
  ['SGC', '설비/투자', 'Equipment and capex'],
];

const leaf = (
  code: string,
  ko: string,
  en: string,
  unit: string,
  price: readonly [number, number],
  makers: readonly Maker[],
  names: ReadonlyArray<readonly [string, string]>,
  specs: ReadonlyArray<readonly string[]>,
): LeafCategory => ({ code, ko, en, unit, price, makers, names, specs });

const SIZES_M = ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'];

export const CATALOGUE: readonly TopCategory[] = [
  {
    code: 'MRO',
    ko: 'MRO 소모품',
    en: 'MRO supplies',
    sourcing: 'SGI',
    mids: [
      {
        code: 'MRO01',
        ko: '체결부품',
        en: 'Fasteners',
        leaves: [
          leaf(
            'MRO0101',
            '볼트',
            'Bolts',
            'EA',
            [40, 3500],
            [['동아볼트'], ['삼화정밀'], ['TRUSCO', 'jp']],
            [
              ['육각볼트', 'Hex bolt'],
              ['렌치볼트', 'Socket head cap screw'],
              ['접시머리볼트', 'Flat head bolt'],
              ['플랜지볼트', 'Flange bolt'],
              ['스터드볼트', 'Stud bolt'],
              ['아이볼트', 'Eye bolt'],
            ],
            [
              [
                'M4x10',
                'M5x12',
                'M6x16',
                'M6x20',
                'M8x20',
                'M8x30',
                'M10x30',
                'M10x40',
                'M12x40',
                'M12x50',
                'M16x60',
                'M20x80',
              ],
              ['SUS304', 'SCM435 흑색', '아연도금'],
            ],
          ),
          leaf(
            'MRO0102',
            '너트/와셔',
            'Nuts & washers',
            'EA',
            [15, 900],
            [['동아볼트'], ['삼화정밀']],
            [
              ['육각너트', 'Hex nut'],
              ['나일론너트', 'Nylon lock nut'],
              ['평와셔', 'Flat washer'],
              ['스프링와셔', 'Spring washer'],
              ['플랜지너트', 'Flange nut'],
            ],
            [SIZES_M, ['SUS304', '아연도금']],
          ),
        ],
      },
      {
        code: 'MRO02',
        ko: '공구',
        en: 'Tools',
        leaves: [
          leaf(
            'MRO0201',
            '수공구',
            'Hand tools',
            'EA',
            [6000, 180000],
            [['세신버팔로'], ['스마토'], ['KTC', 'jp'], ['Stanley']],
            [
              ['스패너', 'Spanner'],
              ['몽키스패너', 'Adjustable wrench'],
              ['드라이버세트', 'Screwdriver set'],
              ['육각렌치세트', 'Hex key set'],
              ['니퍼', 'Nipper'],
              ['롱노우즈 플라이어', 'Long-nose pliers'],
              ['토크렌치', 'Torque wrench'],
            ],
            [
              ['150mm', '200mm', '250mm', '300mm'],
              ['일반', '절연'],
            ],
          ),
          leaf(
            'MRO0202',
            '전동공구',
            'Power tools',
            'EA',
            [70000, 650000],
            [['계양'], ['보쉬'], ['디월트'], ['마끼다', 'jp']],
            [
              ['충전드릴', 'Cordless drill'],
              ['임팩트드라이버', 'Impact driver'],
              ['앵글그라인더', 'Angle grinder'],
              ['원형톱', 'Circular saw'],
              ['열풍기', 'Heat gun'],
              ['전동드라이버', 'Electric screwdriver'],
            ],
            [
              ['12V', '18V', '20V', '220V 유선'],
              ['본체', '배터리 2개 포함'],
            ],
          ),
          leaf(
            'MRO0203',
            '절삭공구',
            'Cutting tools',
            'EA',
            [2500, 120000],
            [['와이지원'], ['대한공구'], ['OSG', 'jp']],
            [
              ['드릴비트', 'Drill bit'],
              ['엔드밀', 'End mill'],
              ['탭', 'Tap'],
              ['절단석', 'Cutting disc'],
              ['연마석', 'Grinding disc'],
              ['홀쏘', 'Hole saw'],
            ],
            [
              ['3mm', '5mm', '6mm', '8mm', '10mm', '12mm', '16mm'],
              ['HSS', '초경'],
            ],
          ),
        ],
      },
      {
        code: 'MRO03',
        ko: '안전용품',
        en: 'Safety',
        leaves: [
          leaf(
            'MRO0301',
            '보호구',
            'Protective equipment',
            'EA',
            [1500, 95000],
            [['K2세이프티'], ['3M'], ['오토스']],
            [
              ['안전화', 'Safety shoes'],
              ['안전모', 'Safety helmet'],
              ['보안경', 'Safety goggles'],
              ['방진마스크', 'Dust mask'],
              ['귀마개', 'Ear plugs'],
              ['안전장갑', 'Safety gloves'],
              ['안전조끼', 'Safety vest'],
            ],
            [
              ['S', 'M', 'L', 'XL'],
              ['KCs 인증', '일반'],
            ],
          ),
          leaf(
            'MRO0302',
            '작업장갑',
            'Work gloves',
            'PAC',
            [3000, 45000],
            [['신창'], ['3M'], ['Ansell']],
            [
              ['코팅장갑', 'Coated gloves'],
              ['면장갑', 'Cotton gloves'],
              ['니트릴장갑', 'Nitrile gloves'],
              ['라텍스장갑', 'Latex gloves'],
              ['방한장갑', 'Winter gloves'],
            ],
            [
              ['S', 'M', 'L'],
              ['10켤레', '50켤레', '100매'],
            ],
          ),
        ],
      },
      {
        code: 'MRO04',
        ko: '설비소모품',
        en: 'Maintenance consumables',
        leaves: [
          leaf(
            'MRO0401',
            '베어링',
            'Bearings',
            'EA',
            [3000, 160000],
            [['SKF'], ['NSK', 'jp'], ['NTN', 'jp'], ['일진베어링']],
            [
              ['볼베어링', 'Ball bearing'],
              ['테이퍼베어링', 'Tapered roller bearing'],
              ['필로우블록', 'Pillow block'],
              ['니들베어링', 'Needle bearing'],
            ],
            [
              ['내경 10mm', '내경 12mm', '내경 15mm', '내경 17mm', '내경 20mm', '내경 25mm', '내경 30mm', '내경 40mm'],
              ['일반', '고속형'],
            ],
          ),
          leaf(
            'MRO0402',
            '벨트/체인',
            'Belts & chains',
            'EA',
            [5000, 150000],
            [['동일고무벨트'], ['Gates'], ['Tsubaki', 'jp']],
            [
              ['V벨트', 'V-belt'],
              ['타이밍벨트', 'Timing belt'],
              ['롤러체인', 'Roller chain'],
              ['평벨트', 'Flat belt'],
            ],
            [
              ['길이 500mm', '길이 800mm', '길이 1000mm', '길이 1200mm', '길이 1500mm', '길이 2000mm'],
              ['폭 10mm', '폭 15mm', '폭 25mm'],
            ],
          ),
          leaf(
            'MRO0403',
            '윤활유',
            'Lubricants',
            'CAN',
            [8000, 900000],
            [['SK엔무브'], ['GS칼텍스'], ['Shell']],
            [
              ['그리스', 'Grease'],
              ['유압유', 'Hydraulic oil'],
              ['기어오일', 'Gear oil'],
              ['절삭유', 'Cutting oil'],
              ['방청윤활제', 'Anti-rust lubricant'],
              ['컴프레서오일', 'Compressor oil'],
            ],
            [
              ['0.4kg', '1L', '4L', '18L', '20L', '200L'],
              ['산업용', '고온용', '저온용'],
            ],
          ),
        ],
      },
      {
        code: 'MRO05',
        ko: '청소/위생',
        en: 'Cleaning',
        leaves: [
          leaf(
            'MRO0501',
            '청소용품',
            'Cleaning supplies',
            'EA',
            [1500, 60000],
            [['유한킴벌리'], ['3M'], ['크린랲']],
            [
              ['산업용 와이퍼', 'Industrial wiper'],
              ['마대걸레', 'Mop'],
              ['쓰레기봉투', 'Garbage bags'],
              ['세정제', 'Cleaner'],
              ['흡착포', 'Absorbent pad'],
              ['청소솔', 'Cleaning brush'],
            ],
            [
              ['소', '중', '대'],
              ['1개', '10개입', '50개입'],
            ],
          ),
        ],
      },
    ],
  },
  {
    code: 'ELC',
    ko: '전자부품',
    en: 'Electronic components',
    sourcing: 'SGD',
    mids: [
      {
        code: 'ELC01',
        ko: '수동소자',
        en: 'Passive components',
        leaves: [
          leaf(
            'ELC0101',
            '저항',
            'Resistors',
            'EA',
            [5, 800],
            [['삼성전기'], ['Yageo'], ['ROHM', 'jp']],
            [
              ['칩저항', 'Chip resistor'],
              ['탄소피막저항', 'Carbon film resistor'],
              ['금속피막저항', 'Metal film resistor'],
              ['가변저항', 'Variable resistor'],
              ['션트저항', 'Shunt resistor'],
            ],
            [
              ['10Ω', '100Ω', '1kΩ', '4.7kΩ', '10kΩ', '47kΩ', '100kΩ', '1MΩ'],
              ['±1%', '±5%'],
            ],
          ),
          leaf(
            'ELC0102',
            '커패시터',
            'Capacitors',
            'EA',
            [10, 2500],
            [['삼성전기'], ['Murata', 'jp'], ['삼화콘덴서']],
            [
              ['적층세라믹커패시터', 'MLCC'],
              ['알루미늄전해커패시터', 'Aluminium electrolytic capacitor'],
              ['탄탈커패시터', 'Tantalum capacitor'],
              ['필름커패시터', 'Film capacitor'],
            ],
            [
              ['10pF', '100pF', '1nF', '10nF', '100nF', '1uF', '10uF', '100uF', '470uF'],
              ['16V', '50V'],
            ],
          ),
          leaf(
            'ELC0103',
            '인덕터',
            'Inductors',
            'EA',
            [30, 3000],
            [['TDK', 'jp'], ['삼성전기'], ['아모텍']],
            [
              ['파워인덕터', 'Power inductor'],
              ['칩인덕터', 'Chip inductor'],
              ['페라이트비드', 'Ferrite bead'],
              ['공통모드초크', 'Common-mode choke'],
            ],
            [
              ['1uH', '2.2uH', '4.7uH', '10uH', '22uH', '47uH', '100uH'],
              ['1A', '3A'],
            ],
          ),
        ],
      },
      {
        code: 'ELC02',
        ko: '반도체',
        en: 'Semiconductors',
        leaves: [
          leaf(
            'ELC0201',
            '집적회로',
            'Integrated circuits',
            'EA',
            [400, 38000],
            [['Renesas', 'jp'], ['ST마이크로'], ['TI'], ['Microchip']],
            [
              ['MCU', 'Microcontroller'],
              ['전원관리IC', 'Power management IC'],
              ['OP앰프', 'Operational amplifier'],
              ['EEPROM', 'EEPROM'],
              ['모터드라이버IC', 'Motor driver IC'],
              ['통신트랜시버', 'Transceiver IC'],
            ],
            [
              ['SOP-8', 'SOIC-16', 'TSSOP-20', 'QFN-32', 'LQFP-48', 'LQFP-64', 'LQFP-100'],
              ['산업용 -40~85℃', '상용 0~70℃'],
            ],
          ),
          leaf(
            'ELC0202',
            '개별소자',
            'Discrete semiconductors',
            'EA',
            [30, 4500],
            [['ROHM', 'jp'], ['Vishay'], ['onsemi'], ['KEC']],
            [
              ['다이오드', 'Diode'],
              ['제너다이오드', 'Zener diode'],
              ['MOSFET', 'MOSFET'],
              ['트랜지스터', 'Transistor'],
              ['TVS다이오드', 'TVS diode'],
              ['브리지다이오드', 'Bridge rectifier'],
            ],
            [
              ['SOD-123', 'SOT-23', 'SOT-223', 'TO-220', 'TO-247', 'DPAK'],
              ['30V', '60V', '100V', '600V'],
            ],
          ),
          leaf(
            'ELC0203',
            '광소자',
            'Optoelectronics',
            'EA',
            [40, 3500],
            [['서울반도체'], ['Everlight'], ['Sharp', 'jp']],
            [
              ['LED', 'LED'],
              ['포토커플러', 'Photocoupler'],
              ['적외선센서', 'Infrared sensor'],
              ['7세그먼트표시기', '7-segment display'],
            ],
            [
              ['적색', '녹색', '청색', '백색', '황색'],
              ['3mm', '5mm', '0603', '1206'],
            ],
          ),
        ],
      },
      {
        code: 'ELC03',
        ko: '기구/접속부품',
        en: 'Electromechanical',
        leaves: [
          leaf(
            'ELC0301',
            '커넥터',
            'Connectors',
            'EA',
            [80, 9000],
            [['몰렉스'], ['JST', 'jp'], ['연호전자'], ['TE Connectivity']],
            [
              ['와이어투보드커넥터', 'Wire-to-board connector'],
              ['보드투보드커넥터', 'Board-to-board connector'],
              ['핀헤더', 'Pin header'],
              ['터미널블록', 'Terminal block'],
              ['원형커넥터', 'Circular connector'],
              ['USB커넥터', 'USB connector'],
            ],
            [
              ['2핀', '3핀', '4핀', '6핀', '8핀', '10핀', '20핀', '40핀'],
              ['피치 2.0mm', '피치 2.54mm'],
            ],
          ),
          leaf(
            'ELC0302',
            '전선/케이블',
            'Wires & cables',
            'ROLL',
            [25000, 480000],
            [['LS전선'], ['대한전선'], ['극동전선']],
            [
              ['비닐절연전선', 'PVC insulated wire'],
              ['실드케이블', 'Shielded cable'],
              ['제어케이블', 'Control cable'],
              ['내열전선', 'Heat-resistant wire'],
              ['플랫케이블', 'Flat cable'],
            ],
            [
              ['0.5SQ', '0.75SQ', '1.5SQ', '2.5SQ', '4SQ'],
              ['100m', '300m'],
            ],
          ),
          leaf(
            'ELC0303',
            '스위치/릴레이',
            'Switches & relays',
            'EA',
            [300, 45000],
            [['Omron', 'jp'], ['한영넉스'], ['오토닉스']],
            [
              ['택트스위치', 'Tact switch'],
              ['토글스위치', 'Toggle switch'],
              ['릴레이', 'Relay'],
              ['마이크로스위치', 'Micro switch'],
              ['리밋스위치', 'Limit switch'],
              ['비상정지스위치', 'Emergency stop switch'],
            ],
            [
              ['DC 5V', 'DC 12V', 'DC 24V', 'AC 220V'],
              ['1A', '5A', '10A'],
            ],
          ),
        ],
      },
      {
        code: 'ELC04',
        ko: 'PCB/전원',
        en: 'Boards & power',
        leaves: [
          leaf(
            'ELC0401',
            'PCB',
            'Printed circuit boards',
            'EA',
            [1500, 85000],
            [['대덕전자'], ['심텍'], ['영풍전자']],
            [
              ['양면PCB', 'Double-sided PCB'],
              ['다층PCB', 'Multilayer PCB'],
              ['연성PCB', 'Flexible PCB'],
              ['메탈PCB', 'Metal-core PCB'],
            ],
            [
              ['50x50mm', '100x80mm', '160x100mm', '200x150mm'],
              ['FR-4 1.6T', 'FR-4 1.0T', 'ENIG 도금'],
            ],
          ),
          leaf(
            'ELC0402',
            '전원공급장치',
            'Power supplies',
            'EA',
            [9000, 950000],
            [['Mean Well'], ['COSEL', 'jp'], ['파워넷']],
            [
              ['SMPS', 'Switching power supply'],
              ['DC-DC컨버터', 'DC-DC converter'],
              ['AC어댑터', 'AC adapter'],
              ['무정전전원장치', 'UPS'],
            ],
            [
              ['5V', '12V', '24V', '48V'],
              ['15W', '50W', '100W', '350W'],
            ],
          ),
        ],
      },
    ],
  },
  {
    code: 'RAW',
    ko: '원자재',
    en: 'Raw materials',
    sourcing: 'SGD',
    mids: [
      {
        code: 'RAW01',
        ko: '금속',
        en: 'Metals',
        leaves: [
          leaf(
            'RAW0101',
            '철강',
            'Steel',
            'KG',
            [900, 7500],
            [['포스코'], ['현대제철'], ['동국제강'], ['세아제강']],
            [
              ['냉연강판', 'Cold-rolled sheet'],
              ['열연강판', 'Hot-rolled sheet'],
              ['아연도금강판', 'Galvanised sheet'],
              ['스테인리스강판', 'Stainless sheet'],
              ['각파이프', 'Square pipe'],
              ['환봉', 'Round bar'],
            ],
            [
              ['0.5T', '0.8T', '1.0T', '1.2T', '1.6T', '2.0T', '3.2T'],
              ['1219x2438', '914x1829'],
            ],
          ),
          leaf(
            'RAW0102',
            '비철금속',
            'Non-ferrous metals',
            'KG',
            [3500, 18000],
            [['노벨리스코리아'], ['풍산'], ['조일알미늄']],
            [
              ['알루미늄판', 'Aluminium plate'],
              ['알루미늄압출재', 'Aluminium extrusion'],
              ['동판', 'Copper plate'],
              ['황동봉', 'Brass bar'],
              ['동선', 'Copper wire'],
            ],
            [
              ['1T', '2T', '3T', '5T', '10T', '20T'],
              ['1000x2000', '500x1000'],
            ],
          ),
        ],
      },
      {
        code: 'RAW02',
        ko: '수지/고무',
        en: 'Resins & rubber',
        leaves: [
          leaf(
            'RAW0201',
            '플라스틱 원료',
            'Plastic resins',
            'KG',
            [1800, 9500],
            [['LG화학'], ['롯데케미칼'], ['금호석유화학'], ['Asahi Kasei', 'jp']],
            [
              ['ABS수지', 'ABS resin'],
              ['PC수지', 'Polycarbonate resin'],
              ['PP수지', 'Polypropylene resin'],
              ['PA66수지', 'Nylon 66 resin'],
              ['POM수지', 'POM resin'],
              ['PBT수지', 'PBT resin'],
              ['PE수지', 'Polyethylene resin'],
            ],
            [
              ['일반 사출용', '난연 V-0', '유리섬유 30%', '내열', '투명'],
              ['자연색', '흑색'],
            ],
          ),
          leaf(
            'RAW0202',
            '고무/실리콘',
            'Rubber & silicone',
            'EA',
            [500, 60000],
            [['화승'], ['동아화성'], ['KCC실리콘']],
            [
              ['실리콘고무', 'Silicone rubber'],
              ['NBR고무', 'NBR rubber'],
              ['EPDM고무', 'EPDM rubber'],
              ['우레탄', 'Urethane'],
            ],
            [
              ['시트 1T', '시트 2T', '시트 3T', '시트 5T', 'O-링 P10', 'O-링 P20', 'O-링 G50'],
              ['경도 50', '경도 70'],
            ],
          ),
        ],
      },
      {
        code: 'RAW03',
        ko: '화학',
        en: 'Chemicals',
        leaves: [
          leaf(
            'RAW0301',
            '산업용 화학제품',
            'Industrial chemicals',
            'CAN',
            [6000, 450000],
            [['대정화금'], ['덕산과학'], ['OCI']],
            [
              ['이소프로필알코올', 'Isopropyl alcohol'],
              ['아세톤', 'Acetone'],
              ['에탄올', 'Ethanol'],
              ['수산화나트륨', 'Sodium hydroxide'],
              ['황산', 'Sulfuric acid'],
              ['정제수', 'Purified water'],
            ],
            [
              ['1L', '4L', '18L', '200L'],
              ['공업용', '시약급'],
            ],
          ),
          leaf(
            'RAW0302',
            '접착제/도료',
            'Adhesives & paints',
            'EA',
            [2500, 280000],
            [['KCC'], ['노루페인트'], ['3M'], ['헨켈']],
            [
              ['에폭시접착제', 'Epoxy adhesive'],
              ['순간접착제', 'Instant adhesive'],
              ['실리콘실란트', 'Silicone sealant'],
              ['방청도료', 'Anti-rust paint'],
              ['우레탄도료', 'Urethane paint'],
              ['절연바니시', 'Insulating varnish'],
            ],
            [
              ['50g', '300ml', '1kg', '4L', '18L'],
              ['투명', '회색', '흑색'],
            ],
          ),
        ],
      },
    ],
  },
  {
    code: 'OFC',
    ko: '사무용품',
    en: 'Office supplies',
    sourcing: 'SGI',
    mids: [
      {
        code: 'OFC01',
        ko: '문구',
        en: 'Stationery',
        leaves: [
          leaf(
            'OFC0101',
            '필기구',
            'Writing instruments',
            'DZ',
            [3000, 36000],
            [['모나미'], ['동아연필'], ['제트스트림', 'jp']],
            [
              ['볼펜', 'Ballpoint pen'],
              ['중성펜', 'Gel pen'],
              ['형광펜', 'Highlighter'],
              ['네임펜', 'Marker'],
              ['샤프펜슬', 'Mechanical pencil'],
              ['보드마커', 'Whiteboard marker'],
            ],
            [
              ['흑색', '청색', '적색'],
              ['0.5mm', '0.7mm', '1.0mm'],
            ],
          ),
          leaf(
            'OFC0102',
            '사무소모품',
            'Office consumables',
            'EA',
            [500, 25000],
            [['문화산업'], ['3M'], ['플러스']],
            [
              ['클립', 'Paper clips'],
              ['스테이플러', 'Stapler'],
              ['스테이플심', 'Staples'],
              ['포스트잇', 'Sticky notes'],
              ['수정테이프', 'Correction tape'],
              ['가위', 'Scissors'],
              ['파일철', 'File binder'],
            ],
            [
              ['소형', '중형', '대형'],
              ['1개', '10개입'],
            ],
          ),
        ],
      },
      {
        code: 'OFC02',
        ko: '용지',
        en: 'Paper',
        leaves: [
          leaf(
            'OFC0201',
            '복사용지',
            'Copy paper',
            'BOX',
            [8000, 42000],
            [['한국제지'], ['무림페이퍼'], ['Double A']],
            [
              ['A4 복사용지', 'A4 copy paper'],
              ['A3 복사용지', 'A3 copy paper'],
              ['라벨지', 'Label paper'],
              ['감열지', 'Thermal paper'],
              ['컬러용지', 'Colour paper'],
            ],
            [
              ['70g', '75g', '80g'],
              ['500매', '2500매'],
            ],
          ),
        ],
      },
      {
        code: 'OFC03',
        ko: '사무가구',
        en: 'Office furniture',
        leaves: [
          leaf(
            'OFC0301',
            '가구',
            'Furniture',
            'EA',
            [90000, 1200000],
            [['퍼시스'], ['리바트'], ['코아스']],
            [
              ['사무용의자', 'Office chair'],
              ['책상', 'Desk'],
              ['서랍장', 'Drawer cabinet'],
              ['회의테이블', 'Meeting table'],
              ['캐비닛', 'Cabinet'],
              ['파티션', 'Partition'],
            ],
            [
              ['1200mm', '1400mm', '1600mm', '1800mm'],
              ['화이트', '그레이', '월넛'],
            ],
          ),
        ],
      },
    ],
  },
  {
    code: 'ITE',
    ko: 'IT장비',
    en: 'IT equipment',
    sourcing: 'SGI',
    mids: [
      {
        code: 'ITE01',
        ko: '컴퓨터',
        en: 'Computers',
        leaves: [
          leaf(
            'ITE0101',
            'PC/노트북',
            'PCs & notebooks',
            'EA',
            [750000, 4800000],
            [['삼성전자'], ['LG전자'], ['Dell'], ['HP'], ['Lenovo']],
            [
              ['노트북', 'Notebook'],
              ['데스크톱', 'Desktop PC'],
              ['워크스테이션', 'Workstation'],
              ['미니PC', 'Mini PC'],
              ['태블릿', 'Tablet'],
            ],
            [
              [
                'Core i5/16GB/512GB',
                'Core i7/16GB/1TB',
                'Core i7/32GB/1TB',
                'Core Ultra 7/32GB/1TB',
                'Ryzen 7/32GB/1TB',
              ],
              ['Windows 11 Pro', 'OS 미포함'],
            ],
          ),
          leaf(
            'ITE0102',
            '주변기기',
            'Peripherals',
            'EA',
            [9000, 650000],
            [['LG전자'], ['로지텍'], ['삼성전자'], ['Elecom', 'jp']],
            [
              ['모니터', 'Monitor'],
              ['키보드', 'Keyboard'],
              ['마우스', 'Mouse'],
              ['도킹스테이션', 'Docking station'],
              ['웹캠', 'Webcam'],
              ['헤드셋', 'Headset'],
            ],
            [
              ['보급형', '업무용', '고급형'],
              ['유선', '무선'],
            ],
          ),
        ],
      },
      {
        code: 'ITE02',
        ko: '네트워크/서버',
        en: 'Network & servers',
        leaves: [
          leaf(
            'ITE0201',
            '네트워크장비',
            'Network equipment',
            'EA',
            [120000, 9500000],
            [['Cisco'], ['HPE Aruba'], ['다산네트웍스'], ['Allied Telesis', 'jp']],
            [
              ['L2스위치', 'L2 switch'],
              ['L3스위치', 'L3 switch'],
              ['무선AP', 'Wireless access point'],
              ['방화벽', 'Firewall'],
              ['라우터', 'Router'],
            ],
            [
              ['8포트', '24포트', '48포트'],
              ['1GbE', '10GbE'],
            ],
          ),
          leaf(
            'ITE0202',
            '서버/스토리지',
            'Servers & storage',
            'EA',
            [90000, 18000000],
            [['Dell'], ['HPE'], ['삼성전자'], ['Synology']],
            [
              ['랙서버', 'Rack server'],
              ['NAS', 'NAS'],
              ['SSD', 'SSD'],
              ['HDD', 'HDD'],
              ['서버메모리', 'Server memory'],
            ],
            [
              ['1TB', '2TB', '4TB', '8TB', '16TB'],
              ['엔터프라이즈', '일반'],
            ],
          ),
        ],
      },
      {
        code: 'ITE03',
        ko: '소프트웨어/소모품',
        en: 'Software & supplies',
        leaves: [
          leaf(
            'ITE0301',
            '소프트웨어',
            'Software',
            'LIC',
            [30000, 6500000],
            [['Microsoft'], ['안랩'], ['Autodesk'], ['한글과컴퓨터']],
            [
              ['오피스 라이선스', 'Office licence'],
              ['백신 라이선스', 'Antivirus licence'],
              ['CAD 라이선스', 'CAD licence'],
              ['그룹웨어 라이선스', 'Groupware licence'],
              ['PDF 편집기', 'PDF editor'],
            ],
            [
              ['1년 구독', '3년 구독', '영구'],
              ['1 User', '5 User', '10 User'],
            ],
          ),
          leaf(
            'ITE0302',
            '프린터 소모품',
            'Printer supplies',
            'EA',
            [15000, 320000],
            [['HP'], ['Canon', 'jp'], ['신도리코'], ['Epson', 'jp']],
            [
              ['토너', 'Toner'],
              ['잉크카트리지', 'Ink cartridge'],
              ['드럼', 'Drum unit'],
              ['라벨프린터 리본', 'Label printer ribbon'],
            ],
            [
              ['흑백', '컬러 C', '컬러 M', '컬러 Y'],
              ['표준용량', '대용량'],
            ],
          ),
        ],
      },
    ],
  },
  {
    code: 'PKG',
    ko: '포장재',
    en: 'Packaging',
    sourcing: 'SGD',
    mids: [
      {
        code: 'PKG01',
        ko: '박스/완충재',
        en: 'Boxes & cushioning',
        leaves: [
          leaf(
            'PKG0101',
            '골판지박스',
            'Corrugated boxes',
            'EA',
            [400, 9000],
            [['태림포장'], ['삼보판지'], ['아세아제지']],
            [
              ['A형 골판지박스', 'A-type box'],
              ['다이컷박스', 'Die-cut box'],
              ['수출용 박스', 'Export box'],
              ['칸막이', 'Divider'],
            ],
            [
              ['200x150x100', '300x200x150', '400x300x200', '500x400x300', '600x400x400'],
              ['SW(단골)', 'DW(이중골)'],
            ],
          ),
          leaf(
            'PKG0102',
            '완충재',
            'Cushioning',
            'ROLL',
            [9000, 95000],
            [['대림포장'], ['세기포장'], ['한국발포']],
            [
              ['에어캡', 'Bubble wrap'],
              ['스티로폼', 'EPS foam'],
              ['발포PE', 'PE foam'],
              ['에어백', 'Air pillows'],
            ],
            [
              ['폭 500mm', '폭 1000mm', '폭 1200mm'],
              ['두께 2T', '두께 5T', '두께 10T'],
            ],
          ),
        ],
      },
      {
        code: 'PKG02',
        ko: '테이프/필름',
        en: 'Tapes & films',
        leaves: [
          leaf(
            'PKG0201',
            '테이프',
            'Tapes',
            'ROLL',
            [600, 18000],
            [['3M'], ['대한테이프'], ['Nitto', 'jp']],
            [
              ['OPP테이프', 'OPP tape'],
              ['종이테이프', 'Paper tape'],
              ['양면테이프', 'Double-sided tape'],
              ['절연테이프', 'Insulating tape'],
              ['마스킹테이프', 'Masking tape'],
            ],
            [
              ['폭 12mm', '폭 18mm', '폭 24mm', '폭 48mm', '폭 72mm'],
              ['길이 20m', '길이 50m', '길이 80m'],
            ],
          ),
          leaf(
            'PKG0202',
            '필름/봉투',
            'Films & bags',
            'BOX',
            [12000, 160000],
            [['대림포장'], ['동원시스템즈'], ['율촌화학']],
            [
              ['스트레치필름', 'Stretch film'],
              ['PE봉투', 'PE bags'],
              ['정전기방지봉투', 'Anti-static bags'],
              ['지퍼백', 'Zipper bags'],
              ['진공포장지', 'Vacuum bags'],
            ],
            [
              ['100x150', '200x300', '300x400', '500x700'],
              ['0.05T', '0.1T'],
            ],
          ),
        ],
      },
      {
        code: 'PKG03',
        ko: '팔레트',
        en: 'Pallets',
        leaves: [
          leaf(
            'PKG0301',
            '팔레트',
            'Pallets',
            'EA',
            [15000, 120000],
            [['한국파렛트풀'], ['아주엔지니어링']],
            [
              ['목재팔레트', 'Wooden pallet'],
              ['플라스틱팔레트', 'Plastic pallet'],
              ['수출용 훈증팔레트', 'Fumigated export pallet'],
            ],
            [
              ['1100x1100', '1200x1000', '1100x1300'],
              ['2방향', '4방향'],
            ],
          ),
        ],
      },
    ],
  },
  {
    code: 'FAC',
    ko: '설비부품',
    en: 'Equipment parts',
    sourcing: 'SGC',
    mids: [
      {
        code: 'FAC01',
        ko: '공압/유압',
        en: 'Pneumatics & hydraulics',
        leaves: [
          leaf(
            'FAC0101',
            '공압부품',
            'Pneumatic parts',
            'EA',
            [1500, 480000],
            [['SMC', 'jp'], ['CKD', 'jp'], ['TPC메카트로닉스'], ['Festo']],
            [
              ['공압실린더', 'Pneumatic cylinder'],
              ['솔레노이드밸브', 'Solenoid valve'],
              ['원터치피팅', 'One-touch fitting'],
              ['에어호스', 'Air hose'],
              ['레귤레이터', 'Regulator'],
              ['에어필터', 'Air filter'],
            ],
            [
              ['Φ6', 'Φ8', 'Φ10', 'Φ16', 'Φ20', 'Φ32', 'Φ40'],
              ['표준형', '고내구형'],
            ],
          ),
          leaf(
            'FAC0102',
            '유압부품',
            'Hydraulic parts',
            'EA',
            [15000, 2800000],
            [['유압테크'], ['Yuken', 'jp'], ['Parker']],
            [
              ['유압호스', 'Hydraulic hose'],
              ['유압실린더', 'Hydraulic cylinder'],
              ['유압밸브', 'Hydraulic valve'],
              ['유압펌프', 'Hydraulic pump'],
            ],
            [
              ['1/4"', '3/8"', '1/2"', '3/4"', '1"'],
              ['210bar', '350bar'],
            ],
          ),
        ],
      },
      {
        code: 'FAC02',
        ko: '전장/제어',
        en: 'Electrical & control',
        leaves: [
          leaf(
            'FAC0201',
            '제어기기',
            'Control equipment',
            'EA',
            [25000, 5500000],
            [['LS ELECTRIC'], ['Mitsubishi Electric', 'jp'], ['Omron', 'jp'], ['오토닉스'], ['Siemens']],
            [
              ['PLC모듈', 'PLC module'],
              ['인버터', 'Inverter'],
              ['서보모터', 'Servo motor'],
              ['서보드라이브', 'Servo drive'],
              ['근접센서', 'Proximity sensor'],
              ['광전센서', 'Photoelectric sensor'],
              ['HMI터치패널', 'HMI panel'],
            ],
            [
              ['0.4kW', '0.75kW', '1.5kW', '2.2kW', '3.7kW'],
              ['단상 220V', '삼상 380V'],
            ],
          ),
          leaf(
            'FAC0202',
            '배전자재',
            'Power distribution',
            'EA',
            [8000, 1800000],
            [['LS ELECTRIC'], ['현대일렉트릭'], ['Schneider']],
            [
              ['배선용차단기', 'Circuit breaker'],
              ['누전차단기', 'Earth-leakage breaker'],
              ['전자접촉기', 'Magnetic contactor'],
              ['열동계전기', 'Thermal overload relay'],
              ['분전반', 'Distribution panel'],
            ],
            [
              ['15A', '20A', '30A', '50A', '75A', '100A'],
              ['2P', '3P', '4P'],
            ],
          ),
        ],
      },
      {
        code: 'FAC03',
        ko: '배관/밸브',
        en: 'Piping & valves',
        leaves: [
          leaf(
            'FAC0301',
            '배관자재',
            'Piping',
            'EA',
            [1200, 650000],
            [['성광벤드'], ['태광벤드'], ['KITZ', 'jp'], ['삼신밸브']],
            [
              ['엘보', 'Elbow'],
              ['티', 'Tee'],
              ['레듀샤', 'Reducer'],
              ['유니온', 'Union'],
              ['볼밸브', 'Ball valve'],
              ['게이트밸브', 'Gate valve'],
              ['체크밸브', 'Check valve'],
            ],
            [
              ['15A', '20A', '25A', '32A', '40A', '50A', '65A', '80A'],
              ['SUS304', '백관', 'PVC'],
            ],
          ),
        ],
      },
    ],
  },
];
