export { StaticPage, FaqPage, TokenPage, ComplaintsPage } from './StaticPages.js';
