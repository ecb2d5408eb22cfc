import type { ComponentType, ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { baseDataRoute } from '../features/base-data/routes/base-data-routes.tsx';
import { settingsTabs, type TSettingsTab } from '../features/settings/settings-tabs.ts';
import { lazyWithNamespaces } from '../i18n/lazy-with-namespaces.ts';
import { AnonymousOnly, RequireAccess, RequireUser } from './guards.tsx';
import { HomeRedirect } from './home-redirect.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { invitationPath, loginPath, profilePath } from './redirect.ts';
import { screenNamespaces, type TFeature } from './screen-namespaces.ts';

/** Loads a screen's code and its feature's catalogues when it is first opened; the layout shows the spinner meanwhile. */
function lazyScreen<TModule>(
  feature: TFeature,
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
) {
  return lazyWithNamespaces(async () => pick(await load()), screenNamespaces[feature]);
}

const LoginRoute = lazyScreen(
  'auth',
  () => import('../features/auth/routes/login-route.tsx'),
  (m) => m.LoginRoute,
);
const InvitationRoute = lazyScreen(
  'auth',
  () => import('../features/auth/routes/invitation-route.tsx'),
  (m) => m.InvitationRoute,
);
const BookingsRoute = lazyScreen(
  'bookings',
  () => import('../features/bookings/routes/bookings-route.tsx'),
  (m) => m.BookingsRoute,
);
const BookingRoute = lazyScreen(
  'bookings',
  () => import('../features/bookings/routes/booking-route.tsx'),
  (m) => m.BookingRoute,
);
const ProfileRoute = lazyScreen(
  'profile',
  () => import('../features/profile/routes/profile-route.tsx'),
  (m) => m.ProfileRoute,
);
const ApiKeysRoute = lazyScreen(
  'api-keys',
  () => import('../features/api-keys/routes/api-keys-route.tsx'),
  (m) => m.ApiKeysRoute,
);
const ApiKeyRoute = lazyScreen(
  'api-keys',
  () => import('../features/api-keys/routes/api-key-route.tsx'),
  (m) => m.ApiKeyRoute,
);
const SettingsLayout = lazyScreen(
  'settings',
  () => import('../features/settings/routes/settings-layout.tsx'),
  (m) => m.SettingsLayout,
);
const SettingsIndexRoute = lazyScreen(
  'settings',
  () => import('../features/settings/routes/settings-layout.tsx'),
  (m) => m.SettingsIndexRoute,
);
const GeneralSettingsRoute = lazyScreen(
  'settings',
  () => import('../features/settings/routes/general-settings-route.tsx'),
  (m) => m.GeneralSettingsRoute,
);
const EmailTemplatesRoute = lazyScreen(
  'settings',
  () => import('../features/settings/routes/email-templates-route.tsx'),
  (m) => m.EmailTemplatesRoute,
);
const BrandingRoute = lazyScreen(
  'settings',
  () => import('../features/settings/routes/branding-route.tsx'),
  (m) => m.BrandingRoute,
);
const AdvancedSettingsRoute = lazyScreen(
  'settings',
  () => import('../features/settings/routes/advanced-settings-route.tsx'),
  (m) => m.AdvancedSettingsRoute,
);
const PrivacyRoute = lazyScreen(
  'settings',
  () => import('../features/settings/routes/privacy-route.tsx'),
  (m) => m.PrivacyRoute,
);
const TeamRoute = lazyScreen(
  'team',
  () => import('../features/team/routes/team-route.tsx'),
  (m) => m.TeamRoute,
);

const DashboardRoute = lazyScreen(
  'dashboard',
  () => import('../features/dashboard/routes/dashboard-route.tsx'),
  (m) => m.DashboardRoute,
);
const ReportsRoute = lazyScreen(
  'reports',
  () => import('../features/reports/routes/reports-route.tsx'),
  (m) => m.ReportsRoute,
);
const ContactsRoute = lazyScreen(
  'contacts',
  () => import('../features/contacts/routes/contacts-route.tsx'),
  (m) => m.ContactsRoute,
);
const ContactRoute = lazyScreen(
  'contacts',
  () => import('../features/contacts/routes/contact-route.tsx'),
  (m) => m.ContactRoute,
);
const GroupsRoute = lazyScreen(
  'groups',
  () => import('../features/groups/routes/groups-route.tsx'),
  (m) => m.GroupsRoute,
);
const GroupRoute = lazyScreen(
  'groups',
  () => import('../features/groups/routes/group-route.tsx'),
  (m) => m.GroupRoute,
);
const InvoicesRoute = lazyScreen(
  'invoices',
  () => import('../features/invoices/routes/invoices-route.tsx'),
  (m) => m.InvoicesRoute,
);
const InvoiceRoute = lazyScreen(
  'invoices',
  () => import('../features/invoices/routes/invoice-route.tsx'),
  (m) => m.InvoiceRoute,
);
const CashRoute = lazyScreen(
  'cash',
  () => import('../features/cash/routes/cash-route.tsx'),
  (m) => m.CashRoute,
);
const HousekeepingRoute = lazyScreen(
  'housekeeping',
  () => import('../features/housekeeping/routes/housekeeping-route.tsx'),
  (m) => m.HousekeepingRoute,
);
const RoomCleanRoute = lazyScreen(
  'housekeeping',
  () => import('../features/housekeeping/routes/room-clean-route.tsx'),
  (m) => m.RoomCleanRoute,
);
const RoomPlanRoute = lazyScreen(
  'room-plan',
  () => import('../features/room-plan/routes/room-plan-route.tsx'),
  (m) => m.RoomPlanRoute,
);
const RoomLocksRoute = lazyScreen(
  'room-locks',
  () => import('../features/room-locks/routes/room-locks-route.tsx'),
  (m) => m.RoomLocksRoute,
);

const OutboxRoute = lazyScreen(
  'mail',
  () => import('../features/mail/routes/outbox-route.tsx'),
  (m) => m.OutboxRoute,
);
const OutboxMessageRoute = lazyScreen(
  'mail',
  () => import('../features/mail/routes/outbox-message-route.tsx'),
  (m) => m.OutboxMessageRoute,
);

const settingsScreens: Record<TSettingsTab, ReactNode> = {
  general: <GeneralSettingsRoute />,
  emails: <EmailTemplatesRoute />,
  team: <TeamRoute />,
  branding: <BrandingRoute />,
  privacy: <PrivacyRoute />,
  advanced: <AdvancedSettingsRoute />,
};

/** The staff area's routes and guards, as the spec's route table lists them. */
const routes: RouteObject[] = [
  {
    path: loginPath,
    element: (
      <AnonymousOnly>
        <LoginRoute />
      </AnonymousOnly>
    ),
  },
  // The link of a team invitation e-mail: signed in or not, it leads to joining the team.
  { path: invitationPath, element: <InvitationRoute /> },
  {
    path: '/',
    element: (
      <RequireUser>
        <MainLayout />
      </RequireUser>
    ),
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        path: 'bookings',
        element: (
          <RequireAccess area="bookings">
            <BookingsRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'bookings/:id',
        element: (
          <RequireAccess area="bookings">
            <BookingRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'dashboard',
        element: (
          <RequireAccess area="dashboard">
            <DashboardRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'contacts',
        element: (
          <RequireAccess area="contacts">
            <ContactsRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'contacts/:id',
        element: (
          <RequireAccess area="contacts">
            <ContactRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'groups',
        element: (
          <RequireAccess area="groups">
            <GroupsRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'groups/:id',
        element: (
          <RequireAccess area="groups">
            <GroupRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'invoices',
        element: (
          <RequireAccess area="invoices">
            <InvoicesRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'invoices/:id',
        element: (
          <RequireAccess area="invoices">
            <InvoiceRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'cash',
        element: (
          <RequireAccess area="cashBook">
            <CashRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'housekeeping',
        element: (
          <RequireAccess area="housekeeping">
            <HousekeepingRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'housekeeping/rooms/:id/clean',
        element: (
          <RequireAccess area="housekeeping">
            <RoomCleanRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'room-plan',
        element: (
          <RequireAccess area="roomPlan">
            <RoomPlanRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'room-locks',
        element: (
          <RequireAccess area="roomLocks">
            <RoomLocksRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'reports',
        element: (
          <RequireAccess area="reports">
            <ReportsRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'outbox',
        element: (
          <RequireAccess area="mail">
            <OutboxRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'outbox/:id',
        element: (
          <RequireAccess area="mail">
            <OutboxMessageRoute />
          </RequireAccess>
        ),
      },
      baseDataRoute,
      { path: profilePath.slice(1), element: <ProfileRoute /> },
      {
        path: 'api-keys',
        element: (
          <RequireAccess area="apiKeys">
            <ApiKeysRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'api-keys/:id',
        element: (
          <RequireAccess area="apiKeys">
            <ApiKeyRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'settings',
        element: <SettingsLayout />,
        children: [
          { index: true, element: <SettingsIndexRoute /> },
          ...settingsTabs.map((tab) => ({
            path: tab.key,
            element: (
              <RequireAccess area={tab.area} access={tab.access}>
                {settingsScreens[tab.key]}
              </RequireAccess>
            ),
          })),
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The screen of the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
