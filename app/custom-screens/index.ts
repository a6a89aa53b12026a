import type { ComponentType } from 'react';
import { preloadable, type CustomComponents, type CustomScreenProps } from '../../engine';

/**
 * The hand-written components `"kind": "custom"` definitions name. A component is a file
 * `<name>.custom.tsx` anywhere under this folder whose default export is the component; its
 * name is the file name (npm run screens:check refuses a definition naming a missing one).
 * Each loads in a chunk of its own on first use, or earlier when a link to its screen is shown.
 */
const files = import.meta.glob<{ default: ComponentType<CustomScreenProps> }>('./**/*.custom.tsx');

export const customComponents: CustomComponents = Object.fromEntries(
  Object.entries(files).map(([file, load]) => [
    file.replace(/^.*\//, '').replace(/\.custom\.tsx$/, ''),
    preloadable(load),
  ]),
);
