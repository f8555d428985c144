import { adminEndpoints } from './admin.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { blogEndpoints } from './blog.ts';
import { contactEndpoints } from './contact.ts';
import type { Endpoint } from './endpoint.ts';
import { adminExpertsEndpoints, expertEndpoints, reviewsEndpoints } from './experts.ts';
import { expertApplicationsEndpoints, expertSecurityEndpoints } from './expert-access.ts';
import { expertEarningsEndpoints } from './expert-earnings.ts';
import { followUpEndpoints } from './review-follow-ups.ts';
import { mediaEndpoints } from './media.ts';
import { operatorsEndpoints } from './operators.ts';
import { purchaseEndpoints } from './purchase.ts';
import { reportsEndpoints, shareEndpoints } from './reports.ts';
import { siteEndpoints } from './site.ts';
import { systemEndpoints } from './system.ts';
import { tokensEndpoints } from './tokens.ts';
import { usersEndpoints } from './users.ts';

export * from './endpoint.ts';
export {
  adminEndpoints,
  authEndpoints,
  billingEndpoints,
  blogEndpoints,
  contactEndpoints,
  mediaEndpoints,
  operatorsEndpoints,
  purchaseEndpoints,
  reportsEndpoints,
  shareEndpoints,
  siteEndpoints,
  systemEndpoints,
  tokensEndpoints,
  usersEndpoints,
  adminExpertsEndpoints,
  expertEndpoints,
  reviewsEndpoints,
  expertApplicationsEndpoints,
  expertSecurityEndpoints,
  expertEarningsEndpoints,
  followUpEndpoints,
};

/** Every endpoint by area (the web imports the areas it calls, so each stays in its own bundle chunk). */
export const ENDPOINT_AREAS = {
  admin: adminEndpoints,
  adminExperts: adminExpertsEndpoints,
  expert: expertEndpoints,
  expertSecurity: expertSecurityEndpoints,
  expertApplications: expertApplicationsEndpoints,
  reviews: reviewsEndpoints,
  followUps: followUpEndpoints,
  expertEarnings: expertEarningsEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  blog: blogEndpoints,
  contact: contactEndpoints,
  media: mediaEndpoints,
  operators: operatorsEndpoints,
  purchase: purchaseEndpoints,
  reports: reportsEndpoints,
  share: shareEndpoints,
  site: siteEndpoints,
  system: systemEndpoints,
  tokens: tokensEndpoints,
  users: usersEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint, named `area.name`. */
export const allEndpoints = (): [string, Endpoint][] =>
  Object.entries(ENDPOINT_AREAS).flatMap(([area, list]) =>
    Object.entries(list).map(([name, e]): [string, Endpoint] => [`${area}.${name}`, e]),
  );
