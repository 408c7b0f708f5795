import { PlaceholderPage } from '../../app/frame/StatusPages';

// Stub: replaced by the real screen (issue 12).
export function RefundsPage() {
  return <PlaceholderPage />;
}
