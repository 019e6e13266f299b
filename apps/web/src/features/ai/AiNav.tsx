import { SectionNav } from '../../components/SectionNav';

const ITEMS = [
  { to: '/ai', label: 'Adapters & models', end: true },
  { to: '/ai/results', label: 'Results' },
  { to: '/ai/cloud', label: 'Cloud' },
];

/** The AI section's own navigation. */
export function AiNav() {
  return <SectionNav label="AI section" items={ITEMS} />;
}
