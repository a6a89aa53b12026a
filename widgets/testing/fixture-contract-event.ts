/**
 * The event a fixture answer that breaks the OpenAPI contract raises on `globalThis` before it is
 * thrown (widgets/testing/fixture-contract.ts): a screen catches the thrown error and shows it, so
 * the test would only time out waiting; the unit tests' setup (tests/setup-dom.ts) listens and fails
 * the test with this message. Its own file so the setup does not load the OpenAPI document.
 */
export const FIXTURE_CONTRACT_EVENT = 'gpms:fixture-contract';
