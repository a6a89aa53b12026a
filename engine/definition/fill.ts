export * from '../../lib/screen-check/fill';
