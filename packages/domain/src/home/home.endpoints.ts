import { endpoint } from '../shared/endpoint.ts';
import type { homeSchemas } from './home.contract.ts';

type Schemas = typeof homeSchemas;

/** Home: banners and the promo, and the announcements addressed to the user (spec part 1 §7). */
export const homeEndpoints = {
  banners: endpoint<Schemas['banners']>({
    id: 'home.banners',
    method: 'GET',
    path: '/api/v1/banner-prom/for_student/:userType',
    service: 'main',
    access: 'session',
    ids: [{ in: 'params', name: 'userType', kind: 'userType' }],
  }),
  announcements: endpoint<Schemas['announcements']>({
    id: 'home.announcements',
    method: 'GET',
    path: '/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'instituteId', kind: 'institute' },
      // Students and parents name the student they view; open-course users name none.
      { in: 'query', name: 'student_id', kind: 'student' },
    ],
  }),
};
