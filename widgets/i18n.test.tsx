import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { PERSON_SEARCH_MESSAGES_KO } from '../lib/person-search';
import { usePersonSearchMessage, useWidgetText, WIDGET_TEXTS_EN, WIDGET_TEXTS_KO } from './i18n';
import { createWidgetTestI18n } from './testing/test-i18n';
import './testing/render';

function Probe() {
  const t = useWidgetText();
  const person = usePersonSearchMessage();
  return (
    <>
      <span data-testid="choose">{t('choose')}</span>
      <span data-testid="counter">{t('counterBytes', { used: 9, max: 10 })}</span>
      <span data-testid="person">{person('person.nameMinLength')}</span>
    </>
  );
}

describe('widget texts', () => {
  it('are Korean by default', () => {
    render(
      <I18nextProvider i18n={createWidgetTestI18n('ko')}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('choose')).toHaveTextContent('선택');
    expect(screen.getByTestId('counter')).toHaveTextContent('9 / 10 byte');
    expect(screen.getByTestId('person')).toHaveTextContent(PERSON_SEARCH_MESSAGES_KO['person.nameMinLength']);
  });

  it('are English for an English interface, before the app adds resources', () => {
    render(
      <I18nextProvider i18n={createWidgetTestI18n('en')}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('choose')).toHaveTextContent('Choose');
    expect(screen.getByTestId('counter')).toHaveTextContent('9 / 10 bytes');
    expect(screen.getByTestId('person')).toHaveTextContent('Enter at least 2 characters for the name.');
  });

  it("take the app's widgets.* resources first", () => {
    render(
      <I18nextProvider i18n={createWidgetTestI18n('ko', { widgets: { choose: '고르기' } })}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('choose')).toHaveTextContent('고르기');
  });

  it('work without any i18n instance (Korean, interpolated)', () => {
    render(<Probe />);
    expect(screen.getByTestId('counter')).toHaveTextContent('9 / 10 byte');
  });

  it('have an English text for every Korean one', () => {
    expect(Object.keys(WIDGET_TEXTS_EN).sort()).toEqual(Object.keys(WIDGET_TEXTS_KO).sort());
  });
});
