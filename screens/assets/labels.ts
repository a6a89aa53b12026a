/** Text keys of the asset screens (texts in ./i18n): screen.assets.<key>, field labels screen.assets.f.<name>. */
export const t = (key: string) => `screen.assets.${key}`;
export const f = (name: string) => `screen.assets.f.${name}`;

export const ASSET_STATUS = ['IN_USE', 'DISPOSED'].map((value) => ({ value, text: `screen.assets.status.${value}` }));
export const COUNT_STATUS = ['OPEN', 'CLOSED'].map((value) => ({ value, text: `screen.assets.countStatus.${value}` }));
export const COUNT_RESULT = ['FOUND', 'MISSING', 'MOVED'].map((value) => ({
  value,
  text: `screen.assets.result.${value}`,
}));
