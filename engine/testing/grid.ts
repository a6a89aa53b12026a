/** The data grid's test helpers (widgets/testing), for screen tests that may not import widgets/ directly. */
export {
  clickGridRow,
  doubleClickGridRow,
  gridHeaderTexts,
  gridRowTexts,
  installGlideJsdom,
} from '../../widgets/testing/glide-jsdom';
export { editGridCell } from '../../widgets/testing/grid-edit';
