import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a screen's first
// render (grid, lazy chunks) can take longer. A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5000 });
