// The API access feature's public face: the Settings › API tab (API keys and webhooks, issue 16).
export { ApiTab } from './components/api-tab';
