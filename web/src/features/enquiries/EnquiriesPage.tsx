// Placeholder until the enquiries screen lands (issue #6).
export { PlaceholderPage as EnquiriesPage } from '../../app/frame/StatusPages';
