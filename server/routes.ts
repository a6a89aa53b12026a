import type { FastifyInstance } from 'fastify';
import { codeRoutes } from './modules/codes/routes.js';
import { commonRoutes } from './modules/common/routes.js';
import { companyRoutes } from './modules/company/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { authServiceRoutes } from './modules/auth/routes.js';
import { loginRoutes } from './modules/login/routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { menuLogRoutes } from './modules/menu-log/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { portalUserRoutes } from './modules/portal-users/routes.js';
import { popupRoutes } from './modules/popup/routes.js';
import { propertiesRoutes } from './modules/properties/routes.js';
import { purchaseRoutes } from './modules/purchase/index.js';
import { sourcingRoutes } from './modules/sourcing/routes.js';
import { fulfilmentRoutes } from './modules/fulfilment/routes.js';
import { userPrefRoutes } from './modules/user-prefs/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { oidcRoutes } from './auth/oidc/routes.js';

/** Every route module, registered in one place. */
export async function routes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(propertiesRoutes);
  await app.register(authServiceRoutes);
  await app.register(loginRoutes);
  await app.register(menuLogRoutes);
  await app.register(portalUserRoutes);
  if (app.config.nodeEnv !== 'production') await app.register(devRoutes);
  await app.register(commonRoutes);
  await app.register(popupRoutes);
  await app.register(companyRoutes);
  await app.register(sourcingRoutes);
  await app.register(fileRoutes);
  await app.register(codeRoutes);
  await app.register(messageRoutes);
  await app.register(purchaseRoutes);
  await app.register(fulfilmentRoutes);
  await app.register(userPrefRoutes);
  await app.register(notificationRoutes);
  await app.register(oidcRoutes);
}
