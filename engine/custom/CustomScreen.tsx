import { createElement, type ComponentType } from 'react';
import { DefinitionError } from '../definition/problems';
import type { CustomScreenDef } from '../definition/types';
import { useFrame } from '../runtime/frame';
import { ScreenHeader } from '../ui/parts';

/** What a custom component receives: the definition's `props` and the screen's query. */
export interface CustomScreenProps {
  props: Record<string, unknown>;
  query: Record<string, string>;
}

const COMPONENTS = new Map<string, ComponentType<CustomScreenProps>>();

/** Registers a hand-written component for `"kind": "custom"` definitions (kind C screens). */
export function registerCustomComponent(name: string, component: ComponentType<CustomScreenProps>): void {
  COMPONENTS.set(name, component);
}

export function customComponentNames(): string[] {
  return [...COMPONENTS.keys()].sort();
}

export function CustomScreen() {
  const frame = useFrame();
  const def = frame.def as CustomScreenDef;
  const Component = COMPONENTS.get(def.component);
  if (!Component) {
    throw new DefinitionError([
      { file: frame.file, pointer: '/component', message: `no custom component ${JSON.stringify(def.component)} is registered; registered: ${customComponentNames().join(', ') || 'none'}` },
    ]);
  }
  return (
    <>
      <ScreenHeader title={frame.t(def.title)} />
      {createElement(Component, { props: def.props ?? {}, query: frame.query })}
    </>
  );
}
