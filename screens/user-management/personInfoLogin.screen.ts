import { defineCustomScreen } from '../../engine/define';

/**
 * /userManagement/PersonInfoLogin — re-enter my password before my account opens (both portals:
 * a supplier's user, or at the internal address a staff member, for their own account). A custom
 * component (screens.md gives it kind C): one password and a button whose success goes on to
 * /userManagement/PersonInfo — no record to load or save. The proof is the server's: a correct
 * password stamps this session for ten minutes; the page keeps nothing.
 */
export default defineCustomScreen({
  id: 'userManagement.personInfoLogin',
  route: '/userManagement/PersonInfoLogin',
  portals: ['internal', 'external'],
  title: 'screen.userManagement.personInfoLogin',
  description: 'Password re-entry (custom component personInfoLogin) before my account.',
  component: 'personInfoLogin',
});
