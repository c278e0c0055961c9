export { ProofTab } from './components/proof-tab';
