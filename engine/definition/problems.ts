export * from '../../lib/screen-check/problems';
