// Placeholder until the inactive members screen lands (issue #6).
export { PlaceholderPage as InactiveUsersPage } from '../../app/frame/StatusPages';
