import { type OnchatPublicSettings, publicOnchatSettings } from '../../shared/onchat';
import type { WidgetAccess } from './widget-access';

/** GET /api/widget/{id}/config: how the widget looks and speaks; nothing about the account. */
export const getWidgetConfig = (access: WidgetAccess): OnchatPublicSettings =>
  publicOnchatSettings(access.settings);
