import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { CalendarPage } from '../pages/CalendarPage';
import { ChatPage } from '../pages/ChatPage';
import { ContactPage } from '../pages/ContactPage';
import { EcommercePage } from '../pages/EcommercePage';
import { EmailPage } from '../pages/EmailPage';
import { InvoicePage } from '../pages/InvoicePage';
import { HelpSupportPage, SettingsDemoPage, TaskBoardPage, UserProfilePage } from '../pages/MorePages';
import { PhotoGalleryPage } from '../pages/PhotoGalleryPage';
import { CheckoutPage, ProductDetailPage } from '../pages/ShopFlowPages';
import { BlankPage, NotFoundDemoPage, PricingPage } from '../pages/SimplePages';
import { TimelinePage } from '../pages/TimelinePage';

export const pages: Record<(typeof demoGroups)['pages'][number], ComponentType> = {
  checkout: CheckoutPage,
  'product-detail': ProductDetailPage,
  invoice: InvoicePage,
  taskboard: TaskBoardPage,
  calendar: CalendarPage,
  chat: ChatPage,
  contact: ContactPage,
  ecommerce: EcommercePage,
  timeline: TimelinePage,
  email: EmailPage,
  'user-profile': UserProfilePage,
  'blank-page': BlankPage,
  'photo-gallery': PhotoGalleryPage,
  pricing: PricingPage,
  'not-found': NotFoundDemoPage,
  settings: SettingsDemoPage,
  'help-support': HelpSupportPage,
};
