import { createElement } from 'react';
import { DefinitionError } from '../definition/problems';
import type { CustomScreenDef } from '../definition/types';
import { useEngineConfig } from '../runtime/engine-context';
import { useFrame } from '../runtime/frame';
import { ScreenHeader } from '../ui/parts';

/** A `"kind": "custom"` screen: the named hand-written component inside the engine's frame. */
export function CustomScreen() {
  const frame = useFrame();
  const { customComponents = {} } = useEngineConfig();
  const def = frame.def as CustomScreenDef;
  if (!Object.hasOwn(customComponents, def.component)) {
    const known = Object.keys(customComponents).sort().join(', ') || 'none';
    throw new DefinitionError([
      {
        file: frame.file,
        pointer: '/component',
        message: `no custom component ${JSON.stringify(def.component)} is given to <EngineProvider customComponents>; known: ${known}`,
      },
    ]);
  }
  return (
    <>
      {/* In a dialog the dialog's title bar names the screen (as for edit screens). */}
      {!frame.dialog && <ScreenHeader title={frame.t(def.title)} />}
      {createElement(customComponents[def.component], { props: def.props ?? {}, query: frame.query })}
    </>
  );
}
