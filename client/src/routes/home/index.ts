export { LandingPage } from './LandingPage.js';
