/** Staff accounts (issue 15): the owner's Staff card and the invite link's page. */
export { AcceptInvitePage } from './accept-invite-page.tsx';
export { StaffCard } from './staff-card.tsx';
