// Placeholder until the members screen lands (issue #6).
export { PlaceholderPage as ActiveUsersPage } from '../../app/frame/StatusPages';
