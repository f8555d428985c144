/** The career options of docs/product.md §2 (static): id, title, description, benefits, requirements. */
export interface CareerOption {
  id: 'rttp' | 'intern' | 'job';
  title: string;
  icon: string;
  description: string;
  benefits: readonly string[];
  requirements: readonly string[];
  /** When set, the button reads Send Email; no option has one today, so all read Apply Now. */
  email?: string;
}

export const CAREER_OPTIONS: readonly CareerOption[] = [
  {
    id: 'rttp',
    title: 'RTTP Expert',
    icon: 'badge',
    description:
      'Join our network of registered technology transfer professionals and advise inventors, researchers and institutions on licensing, spin-outs, funding and market access.',
    benefits: [
      'Flexible, project-based engagements you choose',
      'Clients who arrive with a structured assessment report',
      'Visibility across an international innovation network',
      'Fees agreed per engagement',
    ],
    requirements: [
      'RTTP registration or equivalent technology transfer certification',
      'At least 3 years in licensing, venture creation or IP commercialisation',
      'A track record of completed deals or spin-outs',
      'Clear written and spoken English',
    ],
  },
  {
    id: 'intern',
    title: 'Internship',
    icon: 'graduation',
    description:
      'Spend three to six months with our team working on real technology assessments, market research and product work alongside experienced mentors.',
    benefits: [
      'Hands-on work on live projects, not busywork',
      'Mentoring from technology transfer and product experts',
      'Remote-friendly schedule',
      'Certificate and reference on completion',
    ],
    requirements: [
      'Currently studying, or recently graduated, in science, engineering, law or business',
      'Curiosity about innovation, IP and startups',
      'Strong research and writing skills',
      'Availability of at least 20 hours per week',
    ],
  },
  {
    id: 'job',
    title: 'Full-Time Positions',
    icon: 'briefcase',
    description:
      'Help build the platform that takes inventions to market — in engineering, AI and data, product, partnerships and customer success.',
    benefits: [
      'Meaningful work with inventors and institutions worldwide',
      'Competitive compensation',
      'Remote-first team with flexible hours',
      'Ownership of what you build from day one',
    ],
    requirements: [
      'Relevant experience for the role you apply for',
      'Comfort working in a small, fast-moving team',
      'Care for quality, privacy and the people we serve',
      'Excellent communication in English',
    ],
  },
];

export const VALUES = [
  {
    title: 'Innovation First',
    icon: 'bulb',
    text: 'We back bold ideas — our users’ and our own — and look for better ways to move technology forward.',
  },
  { title: 'Global Impact', icon: 'globe', text: 'Good inventions deserve to reach people everywhere, wherever they were created.' },
  {
    title: 'Collaborative Culture',
    icon: 'users',
    text: 'Inventors, experts and our team work as one, sharing what we know openly and generously.',
  },
  {
    title: 'Purpose Driven',
    icon: 'heart',
    text: 'We measure success by the technologies that reach the market and the lives they improve.',
  },
] as const;
