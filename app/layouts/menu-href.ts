/** Kept for existing imports: the menu helpers live in menu/menu-tree.ts. */
export { menuHref } from './menu/menu-tree';
