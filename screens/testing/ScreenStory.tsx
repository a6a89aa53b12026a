import { useMemo } from 'react';
import { createFixtureEngineServices } from '../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../index';
import { storyFixtures } from './story-answers';

const registry = createScreenRegistry(screenDefinitions);

export interface ScreenStoryProps {
  /** The definition's id. */
  id: string;
  /** Menu authority on the screen. */
  canWrite?: boolean;
}

/** One screen definition on fixture answers (the same data the tests use, ./story-answers.ts), inside Storybook's router and i18n. */
export function ScreenStory({ id, canWrite = true }: ScreenStoryProps) {
  const services = useMemo(() => {
    const fixtures = storyFixtures();
    return createFixtureEngineServices({
      answers: fixtures.answers,
      codes: fixtures.codes,
      authority: { read: true, write: canWrite },
      delayMs: 150,
    });
  }, [canWrite]);
  return (
    <div style={{ padding: 16, background: 'var(--color-bg, #f3f5f8)', minHeight: '100vh', boxSizing: 'border-box' }}>
      <ScreenHarness id={id} registry={registry} services={services} texts={screenTexts} router={false} />
    </div>
  );
}
