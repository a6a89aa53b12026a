/**
 * A request the schema refused, in Korean: each of ajv's findings (English, naming the JSON path)
 * becomes a sentence a person reads, and its path points at the field itself (a missing property's
 * path ends in its name), so a screen can name the field by its own label ("단가계약 품목: 필수 입력
 * 항목입니다"). The raw path stays in `details[].path` for programs; the sentences never hold it.
 */

export interface SchemaFinding {
  keyword: string;
  instancePath: string;
  params?: Record<string, unknown>;
  message?: string;
}

export interface ValidationDetail {
  path: string;
  message: string;
  params?: Record<string, unknown>;
}

const n = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('ko-KR') : String(v ?? ''));

/** One finding as a Korean sentence (without the field's name: the screen knows it, the path carries it). */
function findingWords(f: SchemaFinding): string {
  const p = f.params ?? {};
  switch (f.keyword) {
    case 'required':
      return '필수 입력 항목입니다.';
    case 'minLength':
      return Number(p.limit) <= 1 ? '필수 입력 항목입니다.' : `${n(p.limit)}자 이상 입력하세요.`;
    case 'maxLength':
      return `${n(p.limit)}자를 넘을 수 없습니다.`;
    case 'minItems':
      return Number(p.limit) <= 1 ? '한 줄 이상 입력하세요.' : `${n(p.limit)}줄 이상 입력하세요.`;
    case 'maxItems':
      return `${n(p.limit)}줄을 넘을 수 없습니다.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${n(p.limit)}${f.keyword === 'minimum' ? ' 이상' : '보다 큰 값'}이어야 합니다.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${n(p.limit)}${f.keyword === 'maximum' ? ' 이하' : '보다 작은 값'}이어야 합니다.`;
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return '선택할 수 없는 값입니다.';
    case 'additionalProperties':
      return '받을 수 없는 항목입니다.';
    case 'uniqueItems':
      return '같은 값이 두 번 있습니다.';
    case 'type':
    case 'pattern':
    case 'format':
    default:
      return '형식이 올바르지 않습니다.';
  }
}

/** `body` + a finding → the path of the field it is about (`body/lines`, `body/lines/0/unitPrice`). */
function findingPath(where: string, f: SchemaFinding): string {
  const extra =
    f.keyword === 'required'
      ? f.params?.missingProperty
      : f.keyword === 'additionalProperties'
        ? f.params?.additionalProperty
        : undefined;
  return `${where}${f.instancePath}${typeof extra === 'string' && extra ? `/${extra}` : ''}`;
}

/** The answer's `msg` and `details` for a refused request. */
export function validationAnswer(
  where: string,
  findings: readonly SchemaFinding[],
): { msg: string; details: ValidationDetail[] } {
  const details = findings.map((f) => ({ path: findingPath(where, f), message: findingWords(f), params: f.params }));
  const first = details[0];
  return { msg: first ? `요청 값이 올바르지 않습니다: ${first.message}` : '요청 값이 올바르지 않습니다.', details };
}
