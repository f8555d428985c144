/**
 * Curated domain knowledge for the offline analyst: how to recognise a domain from an idea, and
 * the guidance an experienced technology-transfer analyst would bring to it — regimes and test
 * standards to check, business models, licensee types, typical risks, where to verify.
 *
 * Everything here is general, public knowledge (names of regulations, standards, databases and
 * programme families). Nothing is a market figure. The numeric fields are planning heuristics,
 * always shown to the reader as assumptions to replace, never as facts.
 */
import type { RiskCategory } from '../content/report-content.ts';

export type DomainId =
  | 'medtech'
  | 'biotech'
  | 'energy'
  | 'materials'
  | 'software'
  | 'agritech'
  | 'electronics'
  | 'mobility'
  | 'water'
  | 'construction'
  | 'consumer'
  | 'industrial'
  | 'measurement'
  | 'optics'
  | 'space'
  | 'diagnostics'
  | 'storage'
  | 'general';

export interface DomainRegime {
  name: string;
  /** Why or when it applies. */
  scope: string;
  /** What it means in practice for time and cost. */
  implication: string;
}

export interface DomainRisk {
  risk: string;
  category: RiskCategory;
  likelihood: number;
  impact: number;
  mitigation: string;
}

export interface DomainApplication {
  name: string;
  buyer: string;
}

export interface DomainProfile {
  id: DomainId;
  label: string;
  /** Lower-case cue words or phrases, matched at word starts. Multi-word cues weigh double. */
  cues: string[];
  regimes: DomainRegime[];
  standards: string[];
  businessModels: string[];
  licensees: string[];
  partners: string[];
  buyers: string[];
  applications: DomainApplication[];
  risks: DomainRisk[];
  marketSources: string[];
  ipNotes: string[];
  /** CPC classes to start a prior-art search from (check the CPC scheme for the exact groups). */
  cpc: string[];
  funding: string[];
  salesCycle: string;
  capitalIntensity: 'low' | 'medium' | 'high';
  /** Planning heuristic: cost of one TRL step, USD thousand [low, high]. */
  trlStepCostKusd: [number, number];
  /** Planning heuristic: months per TRL step [low, high]. */
  trlStepMonths: [number, number];
  /** Planning heuristic: years from now to first revenue at TRL 4. */
  yearsToRevenueFromTrl4: number;
  /** Planning heuristic: gross margin range to test, percent. */
  grossMarginPct: [number, number];
  /** Commonly cited indicative royalty range, percent of net sales — always "to verify". */
  royaltyPct: [number, number];
}

const COMMON_PATENT_DBS =
  'Espacenet (EPO), PATENTSCOPE (WIPO), USPTO Patent Public Search, Google Patents and InPASS (Indian Patent Office)';

export { COMMON_PATENT_DBS };

export const DOMAINS: DomainProfile[] = [
  {
    id: 'medtech',
    label: 'Medical devices and digital health',
    cues: [
      'patient', 'clinical', 'hospital', 'diagnos', 'medical', 'surgical', 'surgery', 'implant', 'catheter',
      'wound', 'therapy', 'therapeutic', 'health', 'disease', 'monitoring device', 'wearable', 'ecg', 'glucose',
      'blood', 'physician', 'doctor', 'nurse', 'rehabilitation', 'prosthe', 'orthop', 'stent', 'dental',
      'ultrasound', 'imaging', 'point-of-care', 'point of care', 'biosensor', 'clinic', 'icu',
    ],
    regimes: [
      {
        name: 'EU Medical Device Regulation (EU) 2017/745 (MDR), or IVDR (EU) 2017/746 for in-vitro diagnostics',
        scope: 'Any device placed on the EU market with a medical purpose; classification by Annex VIII rules (I, IIa, IIb, III).',
        implication: 'Class IIa and above need a notified body, a QMS, clinical evaluation and a technical file; plan for notified-body lead times.',
      },
      {
        name: 'US FDA device regulation (21 CFR Parts 800-898): 510(k), De Novo or PMA',
        scope: 'Devices sold in the US; the route depends on the device class and on whether a predicate device exists.',
        implication: 'A predicate search decides between 510(k) and De Novo; a pre-submission (Q-Sub) meeting reduces uncertainty.',
      },
      {
        name: 'India Medical Devices Rules, 2017 (CDSCO)',
        scope: 'Manufacture, import and sale in India, by risk class A to D.',
        implication: 'Class C and D require central licensing; test licences are needed for clinical investigation.',
      },
      {
        name: 'Data protection for health data (GDPR; India DPDP Act 2023; US HIPAA where a covered entity is involved)',
        scope: 'Applies if the device or app processes identifiable patient data.',
        implication: 'Privacy by design, data-processing agreements and security controls from the first pilot.',
      },
    ],
    standards: [
      'ISO 13485 (quality management for medical devices)',
      'ISO 14971 (risk management)',
      'IEC 60601-1 and collateral standards (electrical safety, EMC) for powered devices',
      'IEC 62304 (software life cycle) and IEC 62366-1 (usability) where software or user interaction matter',
      'ISO 10993 series (biocompatibility) for patient-contacting materials',
    ],
    businessModels: ['device sale with consumables', 'device-as-a-service / leasing to hospitals', 'licence to an established device manufacturer', 'reimbursed procedure or service fee'],
    licensees: ['established medical device manufacturers in the relevant specialty', 'contract design and manufacturing organisations for devices', 'distributors with hospital access', 'digital health platform companies'],
    partners: ['clinical investigators at teaching hospitals', 'accredited test laboratories for IEC 60601 / ISO 10993', 'notified bodies (EU) or regulatory consultants', 'reimbursement and health-economics advisers'],
    buyers: ['hospital procurement and clinical engineering', 'clinicians as specifiers', 'payers and insurers (for reimbursement)', 'patients (for home-use devices)'],
    applications: [
      { name: 'Hospital use (wards, theatres, ICU)', buyer: 'hospital procurement' },
      { name: 'Primary care and clinics', buyer: 'clinic owners and group practices' },
      { name: 'Home monitoring and remote care', buyer: 'patients, payers and care providers' },
      { name: 'Low-resource and rural health settings', buyer: 'public health programmes and NGOs' },
    ],
    risks: [
      { risk: 'Clinical evidence required for approval is larger or slower than planned', category: 'regulatory', likelihood: 4, impact: 5, mitigation: 'Hold an early pre-submission with the regulator; design the pilot study to serve the clinical evaluation.' },
      { risk: 'Reimbursement is unavailable, so buyers cannot pay for it', category: 'market', likelihood: 3, impact: 4, mitigation: 'Map existing reimbursement codes early and build a health-economic case with clinicians.' },
      { risk: 'Biocompatibility or electrical-safety tests fail late', category: 'technical', likelihood: 3, impact: 4, mitigation: 'Choose materials with known biocompatibility and run pre-compliance tests early.' },
    ],
    marketSources: ['national health statistics and disease registries', 'hospital procurement tenders and public procurement portals', 'reimbursement schedules of payers', 'interviews with clinicians and procurement officers'],
    ipNotes: [
      'Methods of surgical or therapeutic treatment and diagnostic methods practised on the body are excluded from patentability in Europe (EPC Article 53(c)) and India (Patents Act 1970, section 3(i)); claim the device, its configuration and the system instead.',
      'Clinical data and regulatory dossiers are valuable know-how even where patents are weak.',
    ],
    cpc: ['A61B (diagnosis, surgery)', 'A61M (devices for introducing media into the body)', 'A61F (prostheses, bandages)', 'G16H (healthcare informatics)'],
    funding: ['health-innovation grants (e.g. Horizon Europe health calls, US NIH SBIR/STTR, India BIRAC programmes)', 'hospital or university innovation funds', 'medtech-specialist angels and venture funds', 'strategic investment from device manufacturers'],
    salesCycle: 'long: hospital procurement and clinical adoption commonly take many months to years (to verify per market)',
    capitalIntensity: 'high',
    trlStepCostKusd: [250, 900],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 4,
    grossMarginPct: [55, 75],
    royaltyPct: [3, 8],
  },
  {
    id: 'biotech',
    label: 'Biotechnology, pharmaceuticals and diagnostics reagents',
    cues: [
      'drug', 'molecule', 'compound', 'protein', 'antibod', 'peptide', 'enzyme', 'gene', 'genom', 'crispr', 'cell line',
      'vaccine', 'pharma', 'formulation', 'microb', 'bacteri', 'fermentation', 'assay', 'in vitro', 'in vivo',
      'biomarker', 'rna', 'dna', 'probiotic', 'therapeutic', 'dosage', 'toxicity', 'pathogen', 'antimicrobial',
    ],
    regimes: [
      {
        name: 'Medicines regulation: US FDA (IND, NDA/BLA), EU EMA centralised or national procedures, India CDSCO (New Drugs and Clinical Trials Rules, 2019)',
        scope: 'Any product with a therapeutic claim for humans.',
        implication: 'Preclinical (GLP) and phased clinical studies under GCP, manufacturing under GMP; the longest and costliest route of all domains.',
      },
      {
        name: 'ICH guidelines (quality Q, safety S, efficacy E, multidisciplinary M)',
        scope: 'Harmonised expectations for data packages in major markets.',
        implication: 'Design studies to ICH from the start so data can be reused across jurisdictions.',
      },
      {
        name: 'Access and benefit-sharing for genetic resources (Nagoya Protocol; India Biological Diversity Act, 2002)',
        scope: 'If the invention uses biological material or traditional knowledge sourced from a country.',
        implication: 'Prior approval may be needed before filing patents or commercialising (in India, from the National Biodiversity Authority).',
      },
      {
        name: 'Biosafety and GMO rules (e.g. EU Directive 2001/18/EC; India Rules 1989 under the Environment Protection Act)',
        scope: 'Genetically modified organisms or their release.',
        implication: 'Containment approvals and environmental risk assessment add time.',
      },
    ],
    standards: ['Good Laboratory Practice (OECD GLP principles)', 'Good Manufacturing Practice (EU GMP / US 21 CFR 210-211)', 'Good Clinical Practice (ICH E6)', 'ISO 15189 / ISO 17025 for laboratory testing'],
    businessModels: ['out-licensing to pharma after a value-inflection milestone', 'co-development partnership', 'research-use-only reagent or kit sales', 'contract research or platform services'],
    licensees: ['pharmaceutical and biotech companies active in the therapeutic area', 'diagnostics companies', 'contract development and manufacturing organisations (CDMOs)', 'animal-health or nutrition companies for adjacent uses'],
    partners: ['academic labs for validation', 'contract research organisations (CROs) for GLP studies', 'CDMOs for scale-up', 'clinical research sites'],
    buyers: ['pharma business-development teams (for licences)', 'clinical laboratories', 'research institutions (for reagents)'],
    applications: [
      { name: 'Human therapeutics in the target indication', buyer: 'pharma licensees' },
      { name: 'Research-use reagents and tools', buyer: 'research laboratories' },
      { name: 'Diagnostics or companion diagnostics', buyer: 'clinical laboratories' },
      { name: 'Veterinary or nutrition uses', buyer: 'animal-health and nutrition companies' },
    ],
    risks: [
      { risk: 'Efficacy or safety does not translate from in-vitro data to in-vivo models', category: 'technical', likelihood: 4, impact: 5, mitigation: 'Run a small, well-controlled in-vivo study early with predefined go/no-go criteria.' },
      { risk: 'Time and cost to clinical proof exceed available funding', category: 'funding', likelihood: 4, impact: 5, mitigation: 'Stage the plan to a licensable milestone and seek non-dilutive grants first.' },
      { risk: 'Composition is obvious over prior art or falls under a patentability exclusion', category: 'ip', likelihood: 3, impact: 5, mitigation: 'Commission a novelty search; generate data showing unexpected technical effect.' },
    ],
    marketSources: ['disease prevalence from WHO and national health statistics', 'clinical-trial registries (ClinicalTrials.gov, CTRI, EU CTIS) for competing programmes', 'company pipelines and licensing announcements', 'interviews with pharma business-development staff'],
    ipNotes: [
      'In India, new forms of known substances need enhanced therapeutic efficacy (Patents Act section 3(d)); plants, animals and essentially biological processes are excluded (section 3(j)).',
      'In Europe, plant and animal varieties and essentially biological processes are excluded (EPC Article 53(b)); medical-use claims have a specific form.',
      'Deposit of biological material (Budapest Treaty) may be needed to satisfy disclosure requirements.',
    ],
    cpc: ['A61K (preparations for medical purposes)', 'A61P (therapeutic activity)', 'C07K (peptides)', 'C12N (microorganisms, enzymes, genetic engineering)', 'C12Q (measuring or testing with enzymes or nucleic acids)'],
    funding: ['biomedical research grants (e.g. NIH SBIR/STTR, Horizon Europe health, India BIRAC BIG)', 'translational funds at universities', 'biotech-specialist venture capital', 'pharma partnering and option deals'],
    salesCycle: 'very long: value is usually realised through licensing at development milestones rather than product sales within five years',
    capitalIntensity: 'high',
    trlStepCostKusd: [400, 2500],
    trlStepMonths: [9, 18],
    yearsToRevenueFromTrl4: 6,
    grossMarginPct: [60, 85],
    royaltyPct: [2, 10],
  },
  {
    id: 'energy',
    // Generation and conversion only: storage has its own profile (field-domains.ts), so a solar
    // module is not given battery rules.
    label: 'Energy generation and cleantech',
    cues: [
      'solar', 'photovoltaic', 'grid', 'hydrogen', 'electrolys', 'fuel cell',
      'wind', 'turbine', 'renewable', 'carbon capture', 'co2', 'emission', 'decarbon', 'inverter',
      'thermal energy', 'heat pump', 'biogas', 'biomass', 'kwh', 'power plant', 'microgrid', 'energy',
      'net zero', 'climate',
    ],
    regimes: [
      {
        name: 'Electrical product safety and EMC for market access (EU CE marking under the Low Voltage Directive 2014/35/EU and EMC Directive 2014/30/EU; BIS registration in India; UL listing in the US)',
        scope: 'Any electrical equipment sold to end users or installers.',
        implication: 'Type testing at an accredited laboratory; design for compliance from the first prototype.',
      },
      {
        name: 'Grid connection codes (e.g. IEEE 1547 in the US, EU network codes such as RfG, CEA technical standards in India)',
        scope: 'Equipment that connects to the electricity network.',
        implication: 'Certification of inverters or generators against the local code before connection.',
      },
      {
        name: 'Carbon-market and emissions methodologies (e.g. Verra VCS, Gold Standard, national schemes)',
        scope: 'If the business case relies on carbon credits or emissions claims.',
        implication: 'Claims need an approved methodology and third-party verification.',
      },
    ],
    // Each generating technology has its own standards; fields.ts keeps those of the technology the idea names.
    standards: ['IEC 61215 / IEC 61730 (PV modules)', 'IEC 61400 series (wind turbines)', 'ISO 22734 (hydrogen generators using water electrolysis)', 'IEC 62282 series (fuel cell technologies)', 'IEC 61000 series (EMC of equipment connected to the grid)'],
    businessModels: ['equipment sale to installers or utilities', 'energy-as-a-service or power-purchase agreement', 'licence to an established equipment maker', 'performance-based contract with shared savings'],
    licensees: ['established equipment manufacturers in the segment', 'utilities and independent power producers', 'engineering, procurement and construction (EPC) contractors', 'industrial energy users with in-house engineering'],
    partners: ['accredited test laboratories for IEC/UL certification', 'national energy research laboratories', 'pilot sites at utilities or industrial users', 'component suppliers for cells, power electronics or membranes'],
    buyers: ['utilities and grid operators', 'commercial and industrial energy users', 'project developers', 'households (through installers)'],
    applications: [
      { name: 'Utility-scale and grid services', buyer: 'utilities and grid operators' },
      { name: 'Commercial and industrial sites', buyer: 'facility and energy managers' },
      { name: 'Residential and off-grid use', buyer: 'households via installers' },
      { name: 'Transport and charging infrastructure', buyer: 'fleet and charge-point operators' },
    ],
    risks: [
      { risk: 'Performance or lifetime under field conditions falls short of lab results', category: 'technical', likelihood: 4, impact: 4, mitigation: 'Accelerated ageing tests and an instrumented field pilot with an independent monitor.' },
      { risk: 'Cost per unit of energy does not beat incumbents at scale', category: 'market', likelihood: 3, impact: 5, mitigation: 'Build a levelised-cost model early and validate it with a component cost-down plan.' },
      { risk: 'Policy or tariff changes alter the economics', category: 'market', likelihood: 3, impact: 3, mitigation: 'Test the business case without subsidies; diversify target markets.' },
    ],
    marketSources: ['IEA and IRENA statistics and outlooks', 'national energy regulators and ministries', 'utility procurement tenders', 'industry associations of the segment'],
    ipNotes: ['Process and system claims (control methods, configurations) complement material or component claims; control software claims need a technical effect in Europe and India.'],
    cpc: ['H10F / H01L 31 (photovoltaic devices)', 'H02S (generation of electric power from infrared radiation, e.g. PV modules)', 'F03D (wind motors)', 'H01M 8 (fuel cells)', 'C25B (electrolysis)', 'H02J (power supply and distribution)', 'Y02E (climate-change mitigation in energy)'],
    funding: ['clean-energy innovation grants (e.g. Horizon Europe, EIC, US DOE programmes such as ARPA-E and SBIR, India DST and MNRE programmes)', 'climate-tech venture funds', 'strategic investment from utilities and equipment makers', 'project finance once the technology is bankable'],
    salesCycle: 'medium to long: utilities and project developers need field data and bankability before purchase',
    capitalIntensity: 'high',
    trlStepCostKusd: [200, 800],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 3,
    grossMarginPct: [20, 40],
    royaltyPct: [2, 5],
  },
  {
    id: 'materials',
    label: 'Advanced materials and chemicals',
    cues: [
      'material', 'polymer', 'composite', 'coating', 'nanoparticle', 'nano', 'graphene', 'ceramic', 'alloy', 'resin',
      'fibre', 'fiber', 'catalyst', 'chemical', 'synthesis', 'adhesive', 'biodegradable', 'bioplastic', 'plastic',
      'packaging', 'film', 'textile', 'membrane', 'powder', 'solvent', 'corrosion', 'surface treatment', 'foam',
    ],
    regimes: [
      {
        name: 'Chemical registration (EU REACH Regulation (EC) 1907/2006 and CLP (EC) 1272/2008; US TSCA; India draft chemicals management rules and BIS orders — to verify)',
        scope: 'New substances, or known substances above volume thresholds, placed on the market.',
        implication: 'Registration dossiers and hazard classification; nanoforms have specific REACH information requirements.',
      },
      {
        name: 'Food-contact materials (EU Regulation (EC) 1935/2004 and (EU) 10/2011 for plastics; US FDA 21 CFR 174-186; India FSSAI packaging regulations)',
        scope: 'If the material is used in packaging or surfaces touching food.',
        implication: 'Migration testing and declarations of compliance before sale.',
      },
      {
        name: 'Product-specific rules of the target application (e.g. construction products, medical devices, automotive)',
        scope: 'Materials are sold into regulated applications.',
        implication: 'The customer qualifies the material against its own standards; expect long qualification cycles.',
      },
    ],
    standards: ['ASTM B117 / ISO 9227 (salt-spray corrosion)', 'ISO 2409 / ASTM D3359 (adhesion of coatings)', 'ISO 14040/14044 (life-cycle assessment)'],
    businessModels: ['material or additive sales to converters', 'licence of the process to an established producer', 'joint development with an end-user brand', 'tolling production with a contract manufacturer'],
    licensees: ['established material producers and compounders', 'converters and formulators', 'end-user brands with material-qualification teams', 'specialty chemical companies'],
    partners: ['university or national materials laboratories', 'pilot-scale production facilities', 'accredited testing laboratories', 'equipment makers for the process'],
    buyers: ['R&D and procurement of converters', 'end-user brands', 'OEM engineering teams'],
    applications: [
      { name: 'Industrial components and coatings', buyer: 'OEM engineering and procurement' },
      { name: 'Construction and infrastructure', buyer: 'specifiers and contractors' },
      { name: 'Electronics and energy devices', buyer: 'device manufacturers' },
    ],
    risks: [
      { risk: 'Properties achieved at gram scale are lost at kilogram or tonne scale', category: 'technical', likelihood: 4, impact: 4, mitigation: 'Run a scale-up campaign with a pilot facility and track critical properties at each scale.' },
      { risk: 'Customer qualification takes longer than the runway', category: 'market', likelihood: 4, impact: 4, mitigation: 'Target an application with short qualification first and secure a joint development agreement.' },
      { risk: 'Cost per kilogram is above what the application tolerates', category: 'market', likelihood: 3, impact: 4, mitigation: 'Build a techno-economic model and identify the main cost drivers to engineer down.' },
    ],
    marketSources: ['trade statistics (UN Comtrade, national customs data) for volumes', 'industry association reports', 'price assessments from commodity reporting services (to verify)', 'interviews with converters and brand R&D teams'],
    ipNotes: ['Claim the composition, the process and the use; selection inventions (a narrow range within a known broader range) need a demonstrated technical effect.', 'Process know-how often protects better as a trade secret than as a patent that discloses it.'],
    cpc: ['C08 (organic macromolecular compounds, polymers)', 'C09D (coating compositions)', 'C04B (ceramics, cements)', 'B82Y (nanotechnology)', 'B32B (layered products)'],
    funding: ['materials and manufacturing grants (e.g. Horizon Europe, US NSF and DOE programmes, India DST programmes)', 'corporate venture arms of chemical companies', 'joint development funding from end-user brands'],
    salesCycle: 'long: material qualification by customers commonly takes one to several years (to verify per application)',
    capitalIntensity: 'medium',
    trlStepCostKusd: [150, 500],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 3,
    grossMarginPct: [25, 50],
    royaltyPct: [1, 5],
  },
  {
    id: 'software',
    label: 'Software, data and AI',
    cues: [
      'software', 'app', 'apps', 'platform', 'algorithm', 'machine learning', 'artificial intelligence', 'ai', 'deep learning',
      'neural network', 'data', 'cloud', 'saas', 'api', 'dashboard', 'blockchain', 'mobile app', 'web',
      'analytics', 'chatbot', 'computer vision', 'nlp', 'llm', 'digital twin', 'cybersecurity', 'smartphone',
    ],
    regimes: [
      {
        name: 'Data protection (EU GDPR; India Digital Personal Data Protection Act, 2023; sector rules such as HIPAA or PCI DSS)',
        scope: 'Any processing of personal data of users or their customers.',
        implication: 'Lawful basis, consent flows, data-processing agreements and security controls; cross-border transfer rules.',
      },
      {
        name: 'EU Artificial Intelligence Act (Regulation (EU) 2024/1689)',
        scope: 'AI systems placed on the EU market; obligations depend on the risk category (prohibited, high-risk, limited, minimal).',
        implication: 'High-risk uses (e.g. employment, credit, medical, critical infrastructure) need risk management, data governance, documentation and conformity assessment.',
      },
      {
        name: 'Sector regulation of the use case (e.g. medical device software, financial services, critical infrastructure)',
        scope: 'When the software drives decisions in a regulated sector.',
        implication: 'May turn a software product into a regulated product with its own approval route.',
      },
    ],
    standards: ['ISO/IEC 27001 (information security management)', 'SOC 2 (service organisation controls, for B2B SaaS)', 'ISO/IEC 42001 (AI management systems)', 'WCAG 2.2 (accessibility)', 'OWASP ASVS (application security verification)'],
    businessModels: ['subscription (SaaS) per seat or per site', 'usage-based pricing per transaction or API call', 'enterprise licence with support', 'revenue share or outcome-based pricing'],
    licensees: ['established software vendors in the vertical', 'system integrators and consultancies', 'platform companies that could embed it', 'data providers'],
    partners: ['design-partner customers', 'cloud providers\' start-up programmes', 'data owners for training and validation data', 'security auditors'],
    buyers: ['line-of-business managers', 'IT and security teams (as gatekeepers)', 'procurement for enterprise deals'],
    applications: [
      { name: 'Enterprise operations in the target vertical', buyer: 'operations and IT leaders' },
      { name: 'Small and medium businesses', buyer: 'owners and managers' },
      { name: 'Public sector and institutions', buyer: 'public procurement' },
      { name: 'Consumers (direct)', buyer: 'individual users' },
    ],
    risks: [
      { risk: 'Model or algorithm accuracy drops on real-world data', category: 'technical', likelihood: 3, impact: 4, mitigation: 'Validate on data from design partners; monitor drift and define acceptance metrics.' },
      { risk: 'Easy to copy: low barriers let incumbents add the feature', category: 'market', likelihood: 4, impact: 4, mitigation: 'Build proprietary data and workflow integration; move fast to reference customers.' },
      { risk: 'Personal-data or AI compliance gaps block enterprise sales', category: 'regulatory', likelihood: 3, impact: 4, mitigation: 'Privacy and AI-risk assessment before pilots; pursue ISO 27001 or SOC 2 readiness.' },
    ],
    marketSources: ['public company filings of vendors in the vertical', 'software review sites and app-store data', 'government IT procurement portals', 'interviews and paid pilots with design partners'],
    ipNotes: [
      'Computer programs "as such" are excluded in Europe (EPC Article 52) and India (Patents Act section 3(k)); claims need a technical effect. In the US, claims must survive the Alice/Mayo eligibility test under 35 U.S.C. 101.',
      'Copyright protects the code automatically; trade secrets protect models, training data and weights; open-source licences of dependencies must be checked.',
    ],
    cpc: ['G06F (electric digital data processing)', 'G06N (computing based on specific models, incl. machine learning)', 'G06Q (data processing for business purposes)', 'G06V (image or video recognition)', 'H04L (transmission of digital information)'],
    funding: ['innovation grants for digital technologies (e.g. Horizon Europe, EIC Accelerator, US SBIR, India Startup India Seed Fund and MeitY programmes)', 'angel investors and seed funds', 'venture capital at product-market fit', 'strategic investment from platform companies'],
    salesCycle: 'short to medium: SMB sales in weeks; enterprise and public-sector sales in months (to verify per segment)',
    capitalIntensity: 'low',
    trlStepCostKusd: [40, 150],
    trlStepMonths: [3, 6],
    yearsToRevenueFromTrl4: 1,
    grossMarginPct: [65, 85],
    royaltyPct: [5, 25],
  },
  {
    id: 'agritech',
    label: 'Agriculture, food and aquaculture',
    cues: [
      'farm', 'farmer', 'crop', 'soil', 'seed', 'irrigation', 'fertili', 'pesticide', 'harvest', 'livestock', 'dairy',
      'poultry', 'aquaculture', 'fish', 'greenhouse', 'agri', 'agricultur', 'food', 'beverage', 'nutrition', 'shelf life',
      'post-harvest', 'grain', 'plant', 'yield', 'cattle', 'smallholder', 'organic', 'biostimulant', 'cold chain',
    ],
    regimes: [
      {
        name: 'Food safety law (India Food Safety and Standards Act, 2006 / FSSAI; EU General Food Law Regulation (EC) 178/2002 and Novel Foods Regulation (EU) 2015/2283; US FSMA and GRAS)',
        scope: 'Food, ingredients, additives and food-processing methods.',
        implication: 'Novel ingredients may need pre-market authorisation, which can take a long time; labelling and claims rules apply.',
      },
      {
        name: 'Agricultural inputs (India Insecticides Act, 1968 and Fertiliser (Control) Order, 1985; EU Fertilising Products Regulation (EU) 2019/1009 and plant-protection product rules; US EPA FIFRA)',
        scope: 'Fertilisers, biostimulants, pesticides and bio-control agents.',
        implication: 'Registration with efficacy and safety data from multi-season field trials.',
      },
      {
        name: 'Plant variety and seed rules (India PPVFR Act, 2001 and Seeds Act, 1966; UPOV-based plant variety rights)',
        scope: 'New plant varieties or seeds.',
        implication: 'Distinctness, uniformity and stability (DUS) testing over seasons.',
      },
      {
        name: 'Drone and machinery rules where relevant (e.g. India Drone Rules, 2021; EU Machinery Regulation (EU) 2023/1230)',
        scope: 'Agricultural drones, robots or machinery.',
        implication: 'Type certification or conformity assessment and operator requirements.',
      },
    ],
    standards: ['ISO 22000 / FSSC 22000 (food safety management)', 'HACCP principles (Codex Alimentarius)', 'OECD guidelines for testing of chemicals (for inputs)', 'ISO 11783 (ISOBUS) for machinery interoperability'],
    businessModels: ['product sales through agri-input dealers', 'service model (per acre, per harvest, per tonne)', 'licence to an agri-input or food company', 'cooperative or farmer-producer-organisation partnerships'],
    licensees: ['agri-input companies (seed, fertiliser, crop protection)', 'food processors and ingredient companies', 'farm machinery manufacturers', 'agri-service platforms'],
    partners: ['agricultural universities and research stations for field trials', 'farmer producer organisations and cooperatives', 'extension services', 'food testing laboratories'],
    buyers: ['farmers and farmer groups', 'food processors', 'agri-input dealers and distributors', 'government agriculture schemes'],
    applications: [
      { name: 'Smallholder and family farms', buyer: 'farmers via dealers or cooperatives' },
      { name: 'Commercial farms and plantations', buyer: 'farm managers' },
      { name: 'Food processing and storage', buyer: 'processors and cold-chain operators' },
      { name: 'Government and development programmes', buyer: 'agriculture departments and NGOs' },
    ],
    risks: [
      { risk: 'Field results vary by season, soil and climate more than trials show', category: 'technical', likelihood: 4, impact: 4, mitigation: 'Multi-location, multi-season trials with a research station; report variance, not only means.' },
      { risk: 'Farmers cannot afford the upfront price or see the benefit too late', category: 'market', likelihood: 4, impact: 4, mitigation: 'Pay-per-use or financing through cooperatives; demonstration plots.' },
      { risk: 'Input registration requires more data than planned', category: 'regulatory', likelihood: 3, impact: 4, mitigation: 'Confirm the registration category and data requirements with the regulator first.' },
    ],
    marketSources: ['FAO statistics (FAOSTAT)', 'national agriculture ministry statistics and census', 'commodity boards and cooperative federations', 'interviews with farmers, dealers and processors'],
    ipNotes: ['Plant varieties are excluded from patents in Europe (EPC Article 53(b)) and India (section 3(j)); use plant variety protection instead. Methods of agriculture or horticulture are excluded in India (section 3(h)).'],
    cpc: ['A01B / A01C (soil working, planting, fertilising)', 'A01G (horticulture, cultivation)', 'A01N (biocides, plant growth regulators)', 'A23L (foods and their treatment)', 'A01K (animal husbandry, fishing)'],
    funding: ['agriculture and food innovation grants (e.g. Horizon Europe, USDA SBIR, India ICAR, NABARD and RKVY-RAFTAAR programmes)', 'agri-food venture funds and impact investors', 'strategic investment from agri-input or food companies'],
    salesCycle: 'seasonal: adoption follows crop cycles; evidence from at least one or two seasons is usually expected',
    capitalIntensity: 'medium',
    trlStepCostKusd: [100, 400],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 2,
    grossMarginPct: [25, 50],
    royaltyPct: [2, 6],
  },
  {
    id: 'electronics',
    label: 'Electronics, sensors and semiconductors',
    cues: [
      'sensor', 'circuit', 'chip', 'semiconductor', 'microcontroller', 'pcb', 'iot', 'internet of things', 'antenna',
      'wireless', 'bluetooth', 'lora', 'rf', 'radio', 'optical', 'laser', 'led', 'photonic', 'mems', 'transistor',
      'embedded', 'firmware', 'signal processing', 'electronic', 'detector', 'camera', 'lidar', 'display', 'power electronics',
    ],
    regimes: [
      {
        name: 'EU CE marking: EMC Directive 2014/30/EU, Radio Equipment Directive 2014/53/EU (radio devices), Low Voltage Directive 2014/35/EU, RoHS 2011/65/EU and WEEE',
        scope: 'Electrical and electronic products on the EU market.',
        implication: 'EMC and safety testing, technical documentation and a declaration of conformity.',
      },
      {
        name: 'US FCC rules (47 CFR Part 15) and India BIS Compulsory Registration Scheme, WPC approval for radio equipment',
        scope: 'Electronic and radio products in the US and India.',
        implication: 'Certification testing before sale; radio products need equipment authorisation.',
      },
      {
        name: 'Export controls (Wassenaar Arrangement dual-use lists; US EAR; India SCOMET list)',
        scope: 'Some sensors, lasers, cryptography and semiconductor technologies.',
        implication: 'Classification of the product before export; licences may be required.',
      },
    ],
    standards: ['IEC 62368-1 (safety of ICT and AV equipment)', 'CISPR 32/35 (EMC emissions and immunity of multimedia equipment)', 'IEC 60529 (IP ingress protection ratings)', 'JEDEC JESD47 (stress-test qualification for ICs)', 'AEC-Q100/Q200 (automotive-grade components)'],
    businessModels: ['hardware sale with margin', 'hardware plus data/software subscription', 'IP licensing or per-unit royalties to chip or module makers', 'OEM supply to device makers'],
    licensees: ['semiconductor and module manufacturers', 'OEMs integrating sensors into products', 'electronics manufacturing services (EMS) providers', 'instrumentation companies'],
    partners: ['EMS and PCB assembly partners', 'accredited EMC and safety test laboratories', 'university fabrication or cleanroom facilities', 'component distributors'],
    buyers: ['OEM engineering and procurement', 'system integrators', 'end users for finished instruments'],
    applications: [
      { name: 'Industrial monitoring and automation', buyer: 'plant engineering teams' },
      { name: 'Consumer devices and wearables', buyer: 'device OEMs' },
      { name: 'Automotive and mobility electronics', buyer: 'tier-1 suppliers' },
      { name: 'Environmental and infrastructure monitoring', buyer: 'utilities and municipalities' },
    ],
    risks: [
      { risk: 'Bill-of-materials cost at volume is above the target price', category: 'market', likelihood: 3, impact: 4, mitigation: 'Design-for-cost review and quotes at 1k/10k volumes before freezing the design.' },
      { risk: 'Certification (EMC, radio, safety) fails and forces a redesign', category: 'regulatory', likelihood: 3, impact: 3, mitigation: 'Pre-compliance testing on the first engineering prototype.' },
      { risk: 'Component supply shortages or long lead times', category: 'technical', likelihood: 3, impact: 3, mitigation: 'Second sources for critical parts; buffer stock for pilots.' },
    ],
    marketSources: ['industry association and trade-show data', 'distributor pricing (for component costs)', 'public company filings of OEMs', 'interviews with OEM engineering teams'],
    ipNotes: ['Circuit, device and method claims are well established; standard-essential patents may apply where the product implements a standard (e.g. wireless protocols).'],
    cpc: ['G01 (measuring, testing; G01N for material analysis)', 'H01L / H10 (semiconductor devices)', 'H04W (wireless networks)', 'H03 (electronic circuitry)', 'G08B / G08C (signalling, telemetry)'],
    funding: ['deep-tech and semiconductor programmes (e.g. EU Chips Act initiatives, US SBIR, India Design Linked Incentive and MeitY programmes)', 'hardware-focused seed and venture funds', 'strategic investment from OEMs'],
    salesCycle: 'medium: OEM design-in cycles commonly take many months before volume orders',
    capitalIntensity: 'medium',
    trlStepCostKusd: [100, 400],
    trlStepMonths: [4, 9],
    yearsToRevenueFromTrl4: 2,
    grossMarginPct: [35, 60],
    royaltyPct: [1, 5],
  },
  {
    id: 'mobility',
    label: 'Mobility, automotive and transport',
    cues: [
      'vehicle', 'automotive', 'car', 'cars', 'electric vehicle', 'ev', 'evs', 'motor', 'drivetrain', 'traffic', 'fleet', 'truck', 'bus',
      'bicycle', 'e-bike', 'scooter', 'two-wheeler', 'railway', 'rail', 'aircraft', 'aviation', 'drone', 'autonomous',
      'logistics', 'transport', 'parking', 'tyre', 'tire', 'navigation', 'mobility',
    ],
    regimes: [
      {
        name: 'Vehicle type approval (UNECE WP.29 regulations, e.g. R10 EMC, R100 electric power-train safety, R155 cybersecurity, R156 software updates; EU Regulation (EU) 2018/858; India CMVR with AIS standards tested by ARAI/ICAT; US FMVSS self-certification)',
        scope: 'Vehicles and components that affect safety or emissions.',
        implication: 'Homologation testing at designated technical services; the OEM usually leads, suppliers provide evidence.',
      },
      {
        name: 'Functional safety and cybersecurity (ISO 26262, ISO 21448 SOTIF, ISO/SAE 21434)',
        scope: 'Electrical/electronic systems with safety relevance in road vehicles.',
        implication: 'Safety case and development process evidence expected by OEM customers.',
      },
      {
        name: 'Aviation and drone rules (EASA, FAA, India DGCA and Drone Rules, 2021)',
        scope: 'Aircraft, drones and their components.',
        implication: 'Type certification or operational authorisation; long timelines for manned aviation.',
      },
    ],
    standards: ['ISO 26262 (functional safety)', 'AIS-156 / UNECE R100 (traction battery safety)', 'ISO 16750 (environmental conditions for automotive electronics)', 'IATF 16949 (automotive quality management)'],
    businessModels: ['component supply to OEMs or tier-1 suppliers', 'licence to a tier-1 supplier', 'fleet service or mobility-as-a-service', 'aftermarket product sales'],
    licensees: ['tier-1 and tier-2 automotive suppliers', 'vehicle OEMs', 'fleet operators and logistics companies', 'aftermarket parts makers'],
    partners: ['homologation test agencies', 'OEM innovation programmes', 'fleet pilot partners', 'university automotive research centres'],
    buyers: ['OEM and tier-1 purchasing and engineering', 'fleet operators', 'public transport authorities'],
    applications: [
      { name: 'Passenger vehicles (OEM supply)', buyer: 'OEMs and tier-1 suppliers' },
      { name: 'Commercial fleets and logistics', buyer: 'fleet operators' },
      { name: 'Two- and three-wheelers', buyer: 'OEMs in the segment' },
      { name: 'Public transport and infrastructure', buyer: 'transport authorities' },
    ],
    risks: [
      { risk: 'OEM qualification and design-in cycles outlast the runway', category: 'market', likelihood: 4, impact: 4, mitigation: 'Start with aftermarket or fleet customers while pursuing OEM qualification.' },
      { risk: 'Durability under vibration, temperature and humidity cycling is insufficient', category: 'technical', likelihood: 3, impact: 4, mitigation: 'Environmental testing to ISO 16750 profiles early.' },
      { risk: 'Homologation requirements change or differ by market', category: 'regulatory', likelihood: 3, impact: 3, mitigation: 'Engage a technical service early for each launch market.' },
    ],
    marketSources: ['vehicle registration statistics from transport ministries', 'industry associations (e.g. OICA, SIAM in India)', 'fleet operator interviews', 'public transport procurement tenders'],
    ipNotes: ['System and control-method claims are common; design rights protect visible parts; standards participation may create licensing obligations.'],
    cpc: ['B60L (electric propulsion of vehicles)', 'B60W (conjoint control of vehicle sub-units)', 'B62 (land vehicles, cycles)', 'G08G (traffic control)', 'B64 (aircraft, drones)'],
    funding: ['transport and e-mobility programmes (e.g. Horizon Europe, US DOE Vehicle Technologies, India FAME and PLI-linked schemes — check eligibility)', 'mobility-focused venture funds', 'corporate venture arms of OEMs and tier-1 suppliers'],
    salesCycle: 'long: OEM programmes are fixed years ahead; fleets and aftermarket move faster',
    capitalIntensity: 'high',
    trlStepCostKusd: [200, 700],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 3,
    grossMarginPct: [15, 35],
    royaltyPct: [1, 5],
  },
  {
    id: 'water',
    label: 'Water and wastewater',
    cues: [
      'water', 'drinking water', 'wastewater', 'desalination', 'filtration', 'filter', 'purif', 'arsenic', 'fluoride',
      'groundwater', 'sewage', 'effluent', 'sludge', 'reverse osmosis', 'disinfection', 'turbidity', 'potable',
      'rainwater', 'water treatment', 'contaminant', 'heavy metal', 'pipeline', 'leak', 'sanitation',
    ],
    regimes: [
      {
        name: 'Drinking-water quality standards (WHO Guidelines for Drinking-water Quality; India IS 10500:2012; EU Drinking Water Directive (EU) 2020/2184; US EPA Safe Drinking Water Act rules)',
        scope: 'Any product that treats water for drinking.',
        implication: 'Treated water must meet the parameters for the contaminants of concern; independent test data is expected by buyers.',
      },
      {
        name: 'Materials in contact with drinking water (NSF/ANSI/CAN 61 in North America; national approval schemes in Europe; BIS certification in India)',
        scope: 'Components and materials touching drinking water.',
        implication: 'Leaching tests and certification before supply to utilities.',
      },
      {
        name: 'Effluent discharge and environmental consents (India Central and State Pollution Control Boards; EU Urban Wastewater Treatment Directive; US NPDES permits)',
        scope: 'Wastewater treatment and discharge, and disposal of concentrate or sludge.',
        implication: 'The waste stream of the process (e.g. contaminated sludge or brine) must be managed lawfully.',
      },
    ],
    standards: ['NSF/ANSI 42, 53 and 58 (point-of-use filters and reverse-osmosis systems)', 'NSF/ANSI/CAN 61 (drinking-water system components)', 'IS 10500 test parameters (India)', 'ISO 24510-24512 (water service activities)'],
    businessModels: ['unit sales of point-of-use devices through retail or NGOs', 'treatment-as-a-service (per litre or per m3)', 'supply and operate contracts with utilities or municipalities', 'licence to water-equipment manufacturers'],
    licensees: ['water-treatment equipment manufacturers', 'engineering contractors serving utilities', 'membrane and media producers', 'consumer water-purifier brands'],
    partners: ['NABL- or ISO 17025-accredited water testing laboratories', 'public health engineering departments and utilities', 'NGOs running community water programmes', 'university environmental engineering labs'],
    buyers: ['municipal utilities and public health engineering departments', 'industrial plants with effluent obligations', 'households (point-of-use)', 'NGOs and development agencies'],
    applications: [
      { name: 'Community and rural drinking-water schemes', buyer: 'public health departments and NGOs' },
      { name: 'Household point-of-use treatment', buyer: 'households via retail' },
      { name: 'Industrial effluent treatment', buyer: 'plant environmental managers' },
      { name: 'Municipal utilities', buyer: 'utility procurement' },
    ],
    risks: [
      { risk: 'Removal performance drops with real water chemistry (competing ions, fouling, pH)', category: 'technical', likelihood: 4, impact: 4, mitigation: 'Test with real water from target sites across seasons; run to breakthrough.' },
      { risk: 'Safe disposal of the captured contaminants is not solved', category: 'regulatory', likelihood: 3, impact: 4, mitigation: 'Leaching tests on spent media and a disposal or regeneration plan agreed with the pollution control authority.' },
      { risk: 'Public procurement cycles and price pressure delay revenue', category: 'market', likelihood: 4, impact: 3, mitigation: 'Pilot with an NGO or CSR partner; pursue empanelment with public programmes.' },
    ],
    marketSources: ['national water quality monitoring data (e.g. groundwater boards)', 'WHO/UNICEF Joint Monitoring Programme data', 'public procurement and empanelment lists of water programmes', 'interviews with utilities and NGOs'],
    ipNotes: ['Media composition, process and device claims are all possible; treatment performance data strengthens both patents and sales.'],
    cpc: ['C02F (treatment of water, wastewater, sewage or sludge)', 'B01D (separation, filtration, membranes)', 'B01J (chemical processes, sorbents)', 'E03 (water supply, sewerage)'],
    funding: ['water and WASH innovation grants (e.g. Horizon Europe, national water missions, development-agency challenge funds)', 'impact investors', 'CSR funding for pilots (e.g. under India Companies Act CSR obligations)', 'strategic investment from equipment makers'],
    salesCycle: 'medium to long: public procurement and pilots precede scale orders',
    capitalIntensity: 'medium',
    trlStepCostKusd: [100, 400],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 2,
    grossMarginPct: [25, 45],
    royaltyPct: [2, 6],
  },
  {
    id: 'construction',
    label: 'Construction and the built environment',
    cues: [
      'building', 'construction', 'concrete', 'cement', 'brick', 'insulation', 'facade', 'roof', 'housing', 'infrastructure',
      'bridge', 'road', 'steel structure', 'timber', 'prefab', 'modular', 'hvac', 'ventilation', 'architect', 'civil engineering',
      'earthquake', 'seismic', 'fire-resistant', 'fire resistant', 'green building', 'asphalt', 'masonry',
    ],
    regimes: [
      {
        name: 'Construction products regulation (EU CPR (EU) 305/2011 with harmonised EN standards and CE marking; India BIS standards and the National Building Code of India 2016; US model building codes IBC/IRC and ASTM standards)',
        scope: 'Products permanently incorporated in buildings or civil works.',
        implication: 'Declared performance based on harmonised tests or a European Technical Assessment; building-code acceptance is needed before specifiers use it.',
      },
      {
        name: 'Structural design codes (Eurocodes EN 1990-1999; India IS 456, IS 800, IS 1893; US ACI/AISC)',
        scope: 'Any structural use.',
        implication: 'Design values must be established by testing and accepted by engineers of record.',
      },
      {
        name: 'Fire safety classification (EN 13501-1; ASTM E84; India NBC Part 4)',
        scope: 'Materials and systems in buildings.',
        implication: 'Reaction-to-fire and fire-resistance tests at accredited labs.',
      },
    ],
    standards: ['ASTM C39 / IS 516 (compressive strength of concrete)', 'EN 13501-1 (fire classification)', 'ISO 14040/44 and EN 15804 (life-cycle assessment, environmental product declarations)', 'Green rating systems (LEED, IGBC, GRIHA) as demand drivers'],
    businessModels: ['product sales through builders\' merchants and distributors', 'licence to established building-material producers', 'design-and-build or installation services', 'franchise or regional manufacturing licences'],
    licensees: ['building-material producers', 'precast and modular construction companies', 'contractors with in-house product lines', 'distributors of building products'],
    partners: ['accredited structural and fire test laboratories', 'architects and structural engineers as early specifiers', 'public works departments for pilots', 'green building councils'],
    buyers: ['contractors and developers', 'architects and engineers (specifiers)', 'public works departments', 'homeowners for retrofit'],
    applications: [
      { name: 'Residential construction and affordable housing', buyer: 'developers and housing agencies' },
      { name: 'Commercial buildings', buyer: 'contractors and specifiers' },
      { name: 'Public infrastructure', buyer: 'public works departments' },
      { name: 'Retrofit and renovation', buyer: 'building owners' },
    ],
    risks: [
      { risk: 'Code acceptance and specifier trust take years to build', category: 'regulatory', likelihood: 4, impact: 4, mitigation: 'Obtain third-party test reports and a technical assessment early; pilot on public or demonstration buildings.' },
      { risk: 'Long-term durability is unproven', category: 'technical', likelihood: 3, impact: 5, mitigation: 'Accelerated ageing tests and long-term monitored installations.' },
      { risk: 'Price-sensitive market favours incumbent materials', category: 'market', likelihood: 4, impact: 3, mitigation: 'Target segments where the benefit (speed, weight, carbon) carries a price premium.' },
    ],
    marketSources: ['national construction output statistics', 'housing programme data', 'industry associations of the material', 'interviews with contractors and specifiers'],
    ipNotes: ['Composition, product-form and construction-method claims; construction methods are patentable in most jurisdictions but infringement by site contractors is hard to detect — claim the product where possible.'],
    cpc: ['E04 (building)', 'C04B (cements, concrete, ceramics)', 'E01 (roads, railways, bridges)', 'F24F (air conditioning, ventilation)'],
    funding: ['built-environment and climate grants (e.g. Horizon Europe, national housing and energy-efficiency programmes)', 'climate-tech and proptech venture funds', 'strategic investment from material producers'],
    salesCycle: 'long: specification and code acceptance precede orders; projects have long lead times',
    capitalIntensity: 'medium',
    trlStepCostKusd: [100, 400],
    trlStepMonths: [6, 12],
    yearsToRevenueFromTrl4: 3,
    grossMarginPct: [20, 40],
    royaltyPct: [2, 5],
  },
  {
    id: 'consumer',
    label: 'Consumer products',
    cues: [
      'consumer', 'household', 'home', 'kitchen', 'toy', 'children', 'cosmetic', 'skin', 'personal care', 'apparel', 'clothing',
      'shoe', 'furniture', 'appliance', 'pet', 'sports', 'fitness', 'retail', 'e-commerce', 'gift', 'beauty', 'lifestyle',
    ],
    regimes: [
      {
        name: 'General product safety (EU General Product Safety Regulation (EU) 2023/988; US CPSC rules and CPSIA; India Consumer Protection Act, 2019 and BIS Quality Control Orders)',
        scope: 'Consumer products sold in these markets.',
        implication: 'Risk assessment, traceability and, for some categories, mandatory certification.',
      },
      {
        name: 'Category rules (e.g. toys: EU Toy Safety Directive and EN 71, US ASTM F963, India IS 9873 under a QCO; cosmetics: EU Regulation (EC) 1223/2009, India Cosmetics Rules 2020; appliances: IEC 60335)',
        scope: 'Depending on the product category.',
        implication: 'Category-specific testing and labelling before launch.',
      },
      {
        name: 'Consumer claims and labelling (advertising standards, environmental claims rules)',
        scope: 'Performance, health or green claims on packaging and marketing.',
        implication: 'Claims must be substantiated by tests.',
      },
    ],
    standards: ['IEC 60335 (household appliance safety)', 'EN 71 / ASTM F963 (toys)', 'ISO 22716 (cosmetics GMP)', 'ISO 10377 (consumer product safety guidelines for suppliers)'],
    businessModels: ['direct-to-consumer online sales', 'retail distribution', 'licence or white-label to consumer brands', 'subscription for consumables'],
    licensees: ['consumer brands in the category', 'contract manufacturers with own brands', 'retailers\' private labels', 'e-commerce brand aggregators'],
    partners: ['contract manufacturers', 'accredited consumer-product test labs', 'retail and e-commerce channel partners', 'industrial designers'],
    buyers: ['consumers', 'retail buyers and category managers', 'e-commerce marketplaces'],
    applications: [
      { name: 'Direct-to-consumer online', buyer: 'consumers' },
      { name: 'Retail chains', buyer: 'category managers' },
      { name: 'Corporate and institutional buyers', buyer: 'procurement' },
      { name: 'Export markets', buyer: 'distributors' },
    ],
    risks: [
      { risk: 'Customer acquisition cost exceeds lifetime value', category: 'market', likelihood: 4, impact: 4, mitigation: 'Test channels with small paid campaigns and pre-orders before volume production.' },
      { risk: 'Easy imitation by low-cost manufacturers', category: 'ip', likelihood: 4, impact: 3, mitigation: 'Combine design registration, trademarks and patents on the functional core; build the brand.' },
      { risk: 'Manufacturing quality issues at first production run', category: 'technical', likelihood: 3, impact: 3, mitigation: 'Pilot run with inspection plan; choose a manufacturer with category experience.' },
    ],
    marketSources: ['e-commerce marketplace listings and reviews (prices and volumes, to verify)', 'retail panel data providers', 'consumer surveys and crowdfunding pre-orders', 'national household consumption surveys'],
    ipNotes: ['Design registrations and trademarks are often as valuable as patents; file designs before public display.'],
    cpc: ['A47 (furniture, domestic articles)', 'A45 (hand or travelling articles)', 'A63 (sports, games, toys)', 'A61Q (cosmetics)'],
    funding: ['crowdfunding and pre-orders', 'angel investors and consumer-focused funds', 'retail partner co-investment'],
    salesCycle: 'short: consumers buy quickly once the product is in the channel, but retail listings take months',
    capitalIntensity: 'low',
    trlStepCostKusd: [50, 200],
    trlStepMonths: [3, 6],
    yearsToRevenueFromTrl4: 1,
    grossMarginPct: [35, 60],
    royaltyPct: [3, 8],
  },
  {
    id: 'industrial',
    label: 'Industrial processes, manufacturing and robotics',
    cues: [
      'manufactur', 'factory', 'industrial', 'machine', 'machining', 'robot', 'automation', 'cnc', 'welding', 'assembly line',
      'process control', 'predictive maintenance', 'additive manufacturing', '3d print', 'mining', 'cement plant', 'steel',
      'textile mill', 'production line', 'conveyor', 'pump', 'compressor', 'boiler', 'heat exchanger', 'warehouse',
    ],
    regimes: [
      {
        name: 'Machinery safety (EU Machinery Directive 2006/42/EC, replaced by Machinery Regulation (EU) 2023/1230 from January 2027; US OSHA rules; India BIS standards and factory laws)',
        scope: 'Machines and safety components placed on the market.',
        implication: 'Risk assessment, safety functions and a technical file; CE marking in the EU.',
      },
      {
        name: 'Explosive atmospheres and pressure equipment (EU ATEX 2014/34/EU, PED 2014/68/EU; equivalents elsewhere)',
        scope: 'Equipment for hazardous areas or under pressure.',
        implication: 'Notified-body involvement for higher categories.',
      },
      {
        name: 'Occupational health and environmental permits of the user plant',
        scope: 'Changes to industrial processes.',
        implication: 'Customers may need permit variations; plan for their approval time.',
      },
    ],
    standards: ['ISO 12100 (machinery risk assessment)', 'ISO 13849 / IEC 62061 (safety-related control systems)', 'ISO 10218 and ISO/TS 15066 (industrial and collaborative robots)', 'IEC 61131 / IEC 62443 (PLC programming, industrial cybersecurity)'],
    businessModels: ['equipment sale with service contract', 'retrofit kits for installed machines', 'licence to machine builders', 'pay-per-use or outcome-based service'],
    licensees: ['machine builders and automation vendors', 'system integrators', 'industrial equipment OEMs', 'large manufacturers with in-house engineering'],
    partners: ['pilot plants at manufacturers', 'technical universities and applied research institutes', 'system integrators', 'certification bodies'],
    buyers: ['plant managers and operations directors', 'maintenance and engineering teams', 'procurement'],
    applications: [
      { name: 'Discrete manufacturing', buyer: 'plant operations' },
      { name: 'Process industries', buyer: 'process engineering' },
      { name: 'Logistics and warehousing', buyer: 'operations managers' },
      { name: 'Small and medium manufacturers', buyer: 'owners and plant managers' },
    ],
    risks: [
      { risk: 'Integration with legacy equipment is harder than planned', category: 'technical', likelihood: 4, impact: 3, mitigation: 'Pilot with an integrator on a representative line; standard interfaces.' },
      { risk: 'Payback for the buyer is too long to approve', category: 'market', likelihood: 3, impact: 4, mitigation: 'Measure savings in the pilot and offer outcome-based pricing.' },
      { risk: 'Machine safety certification delays deployment', category: 'regulatory', likelihood: 3, impact: 3, mitigation: 'Apply ISO 12100 risk assessment from the design phase.' },
    ],
    marketSources: ['industrial production statistics', 'industry associations of the target sector', 'machine-builder catalogues and trade fairs', 'plant manager interviews'],
    ipNotes: ['Process claims are hard to enforce when used inside customers\' plants; claim the apparatus and detectable features, and keep process parameters as know-how.'],
    cpc: ['B23 (machine tools, welding)', 'B25J (manipulators, robots)', 'G05B (control systems)', 'B33Y (additive manufacturing)', 'B65G (conveying)'],
    funding: ['manufacturing and industry 4.0 programmes (e.g. Horizon Europe, US Manufacturing USA institutes and SBIR, India SAMARTH Udyog and DST programmes)', 'industrial-tech venture funds', 'strategic investment from machine builders'],
    salesCycle: 'medium: pilots of a few months, then capital budget cycles',
    capitalIntensity: 'medium',
    trlStepCostKusd: [150, 500],
    trlStepMonths: [4, 9],
    yearsToRevenueFromTrl4: 2,
    grossMarginPct: [30, 50],
    royaltyPct: [2, 5],
  },
  {
    id: 'general',
    label: 'General technology',
    cues: [],
    regimes: [
      {
        name: 'product-category safety and market-access rules of each target market (identified once the field is confirmed)',
        scope: 'Any product placed on the market.',
        implication: 'Identify the product category first; it determines the applicable directives and tests.',
      },
      {
        name: 'Data protection (GDPR; India DPDP Act, 2023) if personal data is processed',
        scope: 'Connected products and services.',
        implication: 'Privacy by design and security controls.',
      },
    ],
    standards: ['The harmonised or national standards for the product category (to identify)', 'ISO 9001 (quality management) for manufacturing partners'],
    businessModels: ['product sales', 'licensing to an established manufacturer', 'service or subscription model'],
    licensees: ['established manufacturers in the target application', 'distributors with channel access', 'system integrators'],
    partners: ['university laboratories', 'accredited test laboratories', 'pilot customers'],
    buyers: ['the end users named in the idea', 'procurement of organisations that would deploy it'],
    applications: [
      { name: 'The primary use case described in the idea', buyer: 'the named users' },
      { name: 'Adjacent industrial uses', buyer: 'engineering teams' },
      { name: 'Public sector uses', buyer: 'public procurement' },
    ],
    risks: [
      { risk: 'The core technical claim is not reproduced under realistic conditions', category: 'technical', likelihood: 3, impact: 4, mitigation: 'Define and run the critical experiment with independent verification.' },
      { risk: 'Buyers do not value the benefit enough to switch', category: 'market', likelihood: 3, impact: 4, mitigation: 'Customer discovery interviews and a paid pilot.' },
    ],
    marketSources: ['national statistics for the target sector', 'industry associations', 'public procurement portals', 'customer interviews'],
    ipNotes: ['Consider product, process and use claims; check the exclusions from patentability in each jurisdiction for the subject matter.'],
    cpc: ['identify from the closest prior art found in a keyword search (start with Espacenet\'s classification search)'],
    funding: ['national innovation grants (e.g. Horizon Europe EIC, US SBIR/STTR, India Startup India Seed Fund, DST NIDHI programmes)', 'angel investors', 'strategic partners'],
    salesCycle: 'to be established through customer discovery',
    capitalIntensity: 'medium',
    trlStepCostKusd: [100, 400],
    trlStepMonths: [4, 9],
    yearsToRevenueFromTrl4: 2,
    grossMarginPct: [30, 50],
    royaltyPct: [2, 6],
  },
];

export const GENERAL_DOMAIN: DomainProfile = DOMAINS.find((d) => d.id === 'general')!;

export function domainById(id: DomainId): DomainProfile {
  return DOMAINS.find((d) => d.id === id) ?? GENERAL_DOMAIN;
}
