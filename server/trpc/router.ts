import { router } from './trpc.js';
import { authRouter } from './routers/auth.js';
import { subadminsRouter } from './routers/subadmins.js';
import { complaintsRouter } from './routers/complaints.js';
import { notificationsRouter } from './routers/notifications.js';
import { usersRouter } from './routers/users.js';
import { profileRouter } from './routers/profile.js';
import { settingsRouter } from './routers/settings.js';
import { dashboardRouter } from './routers/dashboard.js';
import { leadsRouter } from './routers/leads.js';
import { intakeRouter } from './routers/intake.js';
import { distributionRouter } from './routers/distribution.js';
import { indiamartRouter } from './routers/indiamart.js';
import { workRouter } from './routers/work.js';
import { summariesRouter } from './routers/summaries.js';
import { speedRouter } from './routers/speed.js';
import { projectsRouter } from './routers/projects.js';
import { productsRouter } from './routers/products.js';
import { bannersRouter } from './routers/banners.js';
import { mediaRouter } from './routers/media.js';
import { tasksRouter } from './routers/tasks.js';
import { routingRouter } from './routers/routing.js';
import { captureRouter } from './routers/capture.js';
import { alertsRouter } from './routers/alerts.js';
import { telephonyRouter } from './routers/telephony.js';
import { telephonySettingsRouter } from './routers/telephony-settings.js';
import { shapeRouter } from './routers/shape.js';
import { feedbackChoicesRouter, leadFieldsRouter } from './routers/lead-fields.js';

export const appRouter = router({
  auth: authRouter,
  subadmins: subadminsRouter,
  complaints: complaintsRouter,
  notifications: notificationsRouter,
  users: usersRouter,
  profile: profileRouter,
  settings: settingsRouter,
  dashboard: dashboardRouter,
  leads: leadsRouter,
  intake: intakeRouter,
  distribution: distributionRouter,
  indiamart: indiamartRouter,
  work: workRouter,
  summaries: summariesRouter,
  speed: speedRouter,
  projects: projectsRouter,
  products: productsRouter,
  banners: bannersRouter,
  media: mediaRouter,
  tasks: tasksRouter,
  routing: routingRouter,
  capture: captureRouter,
  alerts: alertsRouter,
  telephony: telephonyRouter,
  telephonySettings: telephonySettingsRouter,
  shape: shapeRouter,
  leadFields: leadFieldsRouter,
  feedbackChoices: feedbackChoicesRouter,
});

export type AppRouter = typeof appRouter;
