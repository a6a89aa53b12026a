/** Kept for existing imports: the menu helpers live in menu/menu-tree.ts. */
export { isLeaf, menuHref } from './menu/menu-tree';
