import type { PostProcessorModule } from 'i18next';
import { resolveParticles } from '../../lib/josa';

/**
 * Every translated text goes through lib/josa.ts: a message writes its particle after a variable as
 * both forms (`{{version}}을(를)`, `{{to}}(으)로`) and the reader sees the one the value takes
 * (`v1을`, `a@b.kr로`). English texts have no markers and pass unchanged.
 */
export const josaPostProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: 'josa',
  process: (value: string) => resolveParticles(value),
};
