// Placeholder until the member profile lands (issue #6).
export { PlaceholderPage as UserProfilePage } from '../../app/frame/StatusPages';
