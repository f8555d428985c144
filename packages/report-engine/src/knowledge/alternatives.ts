/**
 * Alternative approaches by TYPE for each domain — what a buyer would otherwise use. No company
 * or product names: naming actual players is a "to verify" step for the reader.
 */
import type { DomainId } from './domains.ts';
import { FEED } from './fields.ts';

export interface AlternativeApproach {
  /** Left out when the record says this (a consumer wearable is no alternative to a surgical implant). */
  unless?: RegExp;
  /** Only when the record says this (thermal desalination is the alternative to a desalination membrane, not to a filter). */
  when?: RegExp;
  approach: string;
  how: string;
  strengths: string;
  weaknesses: string;
}

const DO_NOTHING: AlternativeApproach = {
  approach: 'Status quo / manual workaround',
  how: 'The user tolerates the problem or handles it with existing staff, tools or processes.',
  strengths: 'No purchase, no switching cost, no retraining.',
  weaknesses: 'The cost of the problem persists; often invisible until measured.',
};

const IN_HOUSE: AlternativeApproach = {
  approach: 'In-house development by a large incumbent',
  how: 'An established supplier adds a similar feature to its existing line.',
  strengths: 'Existing customers, channels and certifications.',
  weaknesses: 'Slower to innovate; may lack the specific know-how or IP.',
};

const PV_CELLS = /perovskite|solar cells?\b|photovolt|\bpv\b|solar modules?/;
const SITE_POWER = /off-grid|trailer|portable|mobile power|generator|on site|remote sites?/;
const ELECTROLYTE = /electrolyte|ionic conductor|ion conductor/;
const SURGICAL_INSTRUMENT = /retractors?\b|scalpels?\b|forceps|surgical (?:instruments?|tools?)|specul(?:um|a)\b|trocars?\b/;
/** An instrument that brings its own light: the alternative is lighting the field some other way. */
const LIGHTED_INSTRUMENT =
  /^(?=[\s\S]*(?:retractors?\b|surgical (?:instruments?|tools?)|specul(?:um|a)\b))(?=[\s\S]*(?:\blight|\bleds?\b|illuminat))/;
const DESALINATION = /desalinat|saline|seawater|sea water|brackish|\bbrine/;

export const ALTERNATIVES: Record<DomainId, AlternativeApproach[]> = {
  medtech: [
    {
      when: SURGICAL_INSTRUMENT,
      approach: 'The instruments in use today (standard reusable sets)',
      how: 'Surgeons keep the instrument trays the hospital already buys, sterilises and trusts.',
      strengths: 'In every tray, familiar to every surgeon, low cost per use.',
      weaknesses: 'Do not do what the new instrument does; a change needs use in theatre and a procurement decision.',
    },
    {
      when: LIGHTED_INSTRUMENT,
      approach: 'Lighting the field another way',
      how: "Overhead surgical lights, a surgeon's headlamp, or a fibre-optic light source clipped to the instrument.",
      strengths: 'Already in every theatre; no new instrument to validate or reprocess.',
      weaknesses: 'Shadows in deep or narrow cavities; a headlamp or a light cable adds weight and clutter.',
    },
    {
      unless: SURGICAL_INSTRUMENT,
      approach: 'Established hospital-grade devices',
      how: 'Proven equipment operated by trained staff in clinical settings.',
      strengths: 'Clinical acceptance, reimbursement, evidence base.',
      weaknesses: 'Cost, size and need for trained operators; limited use outside hospitals.',
    },
    {
      unless: /implant|surgical|surgery|catheter|stent|prosthe|theatre|operating room/,
      approach: 'Consumer wearables and apps',
      how: 'General-purpose sensors and apps outside medical regulation.',
      strengths: 'Low price, large user base.',
      weaknesses: 'Not validated for clinical decisions; limited clinician trust.',
    },
    {
      unless: SURGICAL_INSTRUMENT,
      approach: 'Clinical workflow change (more visits, manual checks)',
      how: 'Clinicians handle the need with extra staff time.',
      strengths: 'No new device approval needed.',
      weaknesses: 'Staff time, inconsistency, cost.',
    },
    IN_HOUSE,
  ],
  biotech: [
    {
      approach: 'Standard of care',
      how: 'Current approved therapies or methods for the indication.',
      strengths: 'Established efficacy and reimbursement.',
      weaknesses: 'Unmet needs in efficacy, safety, cost or access (to verify for the indication).',
    },
    {
      approach: 'Other modalities in development',
      how: 'Competing programmes using different mechanisms (small molecules, biologics, cell or gene therapy).',
      strengths: 'Some may be further advanced.',
      weaknesses: 'Different risk profiles; check clinical-trial registries.',
    },
    {
      approach: 'Generic or biosimilar options',
      how: 'Lower-cost versions of established products.',
      strengths: 'Price.',
      weaknesses: 'No improvement in outcomes.',
    },
    DO_NOTHING,
  ],
  energy: [
    {
      when: SITE_POWER,
      approach: 'Diesel or petrol generators',
      how: 'Gensets owned or rented for the site.',
      strengths: 'Cheap to buy, available anywhere, power on demand.',
      weaknesses: 'Fuel cost and delivery, noise, emissions.',
    },
    {
      when: SITE_POWER,
      approach: 'Grid connection or a fixed solar installation at the site',
      how: 'A line extension, or panels and batteries installed for good.',
      strengths: 'Lower cost per kWh over years of use at one place.',
      weaknesses: 'Tied to one site; connection cost and lead time; idle when the work moves on.',
    },
    {
      when: PV_CELLS,
      approach: 'Crystalline-silicon PV modules',
      how: 'The module type behind almost all installed solar capacity.',
      strengths: 'Bankable, long warranties, falling prices.',
      weaknesses: 'Rigid and heavy; efficiency close to its practical limit.',
    },
    {
      when: PV_CELLS,
      approach: 'Other thin-film PV (CdTe, CIGS)',
      how: 'Films deposited on glass or foil; some are flexible.',
      strengths: 'Proven at utility scale (CdTe); lighter formats exist.',
      weaknesses: 'Lower efficiency or scarce materials (tellurium, indium).',
    },
    {
      // A trailer or portable unit powers sites the grid does not reach.
      unless: SITE_POWER,
      approach: 'Incumbent grid or fossil-based supply',
      how: 'Power or heat from the grid or from diesel/gas equipment.',
      strengths: 'Available, understood, financeable.',
      weaknesses: 'Emissions, fuel-price exposure, reliability in weak grids.',
    },
    {
      // Named outright for solar cells and for power on site (rows above).
      unless: new RegExp(`${PV_CELLS.source}|${SITE_POWER.source}`),
      approach: 'Mainstream clean technology of the segment',
      how: 'The dominant technology (e.g. lithium-ion storage, crystalline-silicon PV) bought from established suppliers.',
      strengths: 'Scale, falling costs, bankability.',
      weaknesses: 'Specific limits (materials, safety, performance) the idea may address.',
    },
    {
      // Power where there is none is new demand, which saving cannot meet.
      unless: SITE_POWER,
      approach: 'Efficiency and demand-side measures',
      how: 'Reducing consumption instead of new supply.',
      strengths: 'Often cheapest per unit saved.',
      weaknesses: 'Limited potential; does not meet new demand.',
    },
    IN_HOUSE,
  ],
  materials: [
    {
      approach: 'Incumbent commodity material',
      how: 'The established material used today in the application.',
      strengths: 'Low price per kg, qualified supply chains.',
      weaknesses: 'Performance or sustainability limits the idea may overcome.',
    },
    {
      approach: 'Other advanced-material routes',
      how: 'Alternative compositions or processes pursuing the same improvement.',
      strengths: 'Some may be further along qualification.',
      weaknesses: 'Check their cost and scalability.',
    },
    {
      approach: 'Design change instead of material change',
      how: 'Engineering around the material limit (thicker sections, extra layers).',
      strengths: 'No new supplier needed.',
      weaknesses: 'Weight, cost or complexity.',
    },
    IN_HOUSE,
  ],
  software: [
    {
      approach: 'Spreadsheets, manual processes and generic tools',
      how: 'Users handle the task with office tools, messaging and manual effort.',
      strengths: 'Cheap, flexible, familiar.',
      weaknesses: 'Error-prone, slow, hard to scale.',
    },
    {
      approach: 'Horizontal software platforms',
      how: 'General-purpose platforms configured for the use case.',
      strengths: 'Mature, integrated, trusted by IT.',
      weaknesses: 'Not specialised; configuration effort.',
    },
    {
      approach: 'Vertical point solutions',
      how: 'Specialised start-ups or vendors targeting the same workflow.',
      strengths: 'Focused features.',
      weaknesses: 'Fragmented; check their traction and pricing.',
    },
    IN_HOUSE,
  ],
  agritech: [
    {
      // A feed is compared with the feeds and proteins it replaces (rows below), not with farming practice.
      unless: FEED,
      approach: 'Conventional practice and inputs',
      how: 'Farmers use established inputs, machinery and agronomic advice.',
      strengths: 'Known results, available through dealers, often subsidised.',
      weaknesses: 'Costs, environmental impact, yield or quality limits.',
    },
    {
      when: FEED,
      approach: 'Conventional feed proteins (fishmeal, soy meal)',
      how: 'Commodity proteins bought by feed mills and blended into compound feed.',
      strengths: 'Known nutrition, established supply and pricing.',
      weaknesses: 'Price volatility; sustainability pressure on fishmeal and on soy.',
    },
    {
      when: FEED,
      approach: 'Other alternative proteins (soy protein concentrate, single-cell protein, algae meal)',
      how: 'Newer proteins that feed makers already trial to cut fishmeal.',
      strengths: 'Some are at industrial scale with feed approvals in place.',
      weaknesses: 'Price against soy, amino-acid profile and palatability per species.',
    },
    {
      when: /\bgenes?\b|variet|breed|cultivar|transgen|\btrait/,
      approach: 'Conventional breeding and existing tolerant varieties',
      how: 'Seed companies select lines by crossing and multi-season field trials.',
      strengths: 'No GM approval needed; farmers know the varieties.',
      weaknesses: 'Years per breeding cycle; limited by the gene pool.',
    },
    {
      unless: FEED,
      approach: 'Public extension services and advisory',
      how: 'Government or cooperative advisors guide farmers.',
      strengths: 'Free or low cost, trusted.',
      weaknesses: 'Limited reach and frequency.',
    },
    DO_NOTHING,
  ],
  electronics: [
    {
      approach: 'Established instruments or modules',
      how: 'Commercial devices performing the same measurement or function.',
      strengths: 'Certified, supported, known performance.',
      weaknesses: 'Cost, size, power or integration limits.',
    },
    {
      approach: 'Alternative sensing or circuit principles',
      how: 'Different physical principles for the same function.',
      strengths: 'Varies; some are cheaper or more mature.',
      weaknesses: 'Trade-offs in accuracy, drift or cost.',
    },
    {
      approach: 'Manual inspection or periodic sampling',
      how: 'People measure or inspect at intervals.',
      strengths: 'No capital equipment.',
      weaknesses: 'Labour cost, gaps between samples.',
    },
    IN_HOUSE,
  ],
  mobility: [
    {
      approach: 'Incumbent OEM-supplied systems',
      how: 'Systems from established tier-1 suppliers, designed into current platforms.',
      strengths: 'Qualified, homologated, scaled.',
      weaknesses: 'Long refresh cycles; cost.',
    },
    {
      approach: 'Aftermarket and retrofit products',
      how: 'Add-on solutions installed after purchase.',
      strengths: 'Fast adoption by fleets.',
      weaknesses: 'Warranty and approval questions.',
    },
    {
      approach: 'Operational changes (routing, scheduling, training)',
      how: 'Fleet or operator practices instead of technology.',
      strengths: 'Low capital.',
      weaknesses: 'Limited effect.',
    },
    IN_HOUSE,
  ],
  water: [
    {
      approach: 'Reverse-osmosis and membrane systems',
      how: 'Pressure-driven membranes remove dissolved contaminants.',
      strengths: 'Broad removal, widely available.',
      weaknesses: 'Electricity need, reject water, maintenance, cost for low-income users.',
    },
    {
      when: DESALINATION,
      approach: 'Thermal desalination (multi-stage flash, multi-effect distillation)',
      how: 'Saline water is evaporated and condensed, usually with waste or fuel heat.',
      strengths: 'Handles high salinity; proven at large scale.',
      weaknesses: 'High energy use and capital cost; brine discharge.',
    },
    {
      // Media and other sources answer contaminated fresh water, not salt.
      unless: DESALINATION,
      approach: 'Adsorption and ion-exchange media (e.g. activated alumina, iron-based media, resins)',
      how: 'Contaminants bind to media in a cartridge or column.',
      strengths: 'No electricity; targeted removal.',
      weaknesses: 'Media replacement or regeneration; disposal of spent media.',
    },
    {
      unless: DESALINATION,
      approach: 'Alternative safe sources (piped supply, deep tube wells, tanker water)',
      how: 'Avoid the contaminated source altogether.',
      strengths: 'Solves the root cause where feasible.',
      weaknesses: 'Capital-intensive, slow to reach remote users.',
    },
    DO_NOTHING,
  ],
  construction: [
    {
      approach: 'Conventional materials and methods',
      how: 'Concrete, masonry, steel or timber built with established methods.',
      strengths: 'Codes, skills and supply chains exist.',
      weaknesses: 'Carbon, speed, labour or performance limits.',
    },
    {
      approach: 'Prefabricated and modular systems',
      how: 'Factory-made components assembled on site.',
      strengths: 'Speed and quality control.',
      weaknesses: 'Logistics and design flexibility.',
    },
    {
      approach: 'Other innovative products',
      how: 'Alternative new materials or systems targeting the same benefit.',
      strengths: 'Some have certifications already.',
      weaknesses: 'Check their approvals and cost.',
    },
    IN_HOUSE,
  ],
  consumer: [
    {
      approach: 'Established branded products',
      how: 'Products from known brands in retail and online.',
      strengths: 'Trust, distribution, marketing budgets.',
      weaknesses: 'Less innovative; price premium.',
    },
    {
      approach: 'Low-cost unbranded alternatives',
      how: 'Generic products sold online at low prices.',
      strengths: 'Price.',
      weaknesses: 'Quality and safety uncertain.',
    },
    {
      approach: 'DIY or behavioural workaround',
      how: 'Consumers improvise or do without.',
      strengths: 'Free.',
      weaknesses: 'Inconvenience.',
    },
    IN_HOUSE,
  ],
  industrial: [
    {
      approach: 'Established equipment and automation vendors',
      how: 'Standard machines and control systems from incumbents.',
      strengths: 'Reliability, service networks.',
      weaknesses: 'Cost, inflexibility for the specific problem.',
    },
    {
      approach: 'Process optimisation and lean methods',
      how: 'Improving the existing process without new technology.',
      strengths: 'Low capital.',
      weaknesses: 'Diminishing returns.',
    },
    {
      approach: 'Manual labour',
      how: 'Operators perform the task.',
      strengths: 'Flexible.',
      weaknesses: 'Labour cost, safety, consistency.',
    },
    IN_HOUSE,
  ],
  measurement: [
    {
      approach: 'Established bench instruments and reference test methods',
      how: 'The test the industry already accepts, run on laboratory instruments by trained staff.',
      strengths: 'Accepted by standards and customers; traceable calibration.',
      weaknesses: 'Time per test, cost of the instrument, need for a laboratory.',
    },
    {
      approach: 'Sampling and off-line testing by a service laboratory',
      how: 'Samples are sent out and results come back later.',
      strengths: 'No capital purchase.',
      weaknesses: 'Delay, sampling error, cost per test.',
    },
    {
      approach: 'Built-in monitoring of the equipment under test',
      how: "The product's own electronics estimate the quantity indirectly.",
      strengths: 'No extra hardware.',
      weaknesses: 'Indirect, less accurate, not independent.',
    },
    IN_HOUSE,
  ],
  optics: [
    {
      approach: 'Established optical components and coating designs',
      how: 'Standard components bought from optical suppliers.',
      strengths: 'Qualified, available, priced by volume.',
      weaknesses: 'Performance or durability limits the idea may overcome.',
    },
    {
      approach: 'Alternative optical designs or materials',
      how: 'Different layer stacks, surface structures or materials aiming at the same effect.',
      strengths: 'Some may be further along qualification.',
      weaknesses: 'Check their cost, durability and scalability.',
    },
    {
      approach: 'System-level workaround',
      how: 'Compensating in the host product (more elements, software correction, shielding).',
      strengths: 'No new component supplier.',
      weaknesses: 'Size, weight, cost or complexity.',
    },
    IN_HOUSE,
  ],
  space: [
    {
      approach: 'Flight-proven subsystems from established suppliers',
      how: 'Qualified parts with heritage on earlier missions or aircraft.',
      strengths: 'Heritage, accepted by mission assurance.',
      weaknesses: 'Cost, mass, lead time, older technology.',
    },
    {
      approach: 'Adapted commercial (COTS) components',
      how: 'Industrial parts screened and tested for the environment.',
      strengths: 'Low price, fast.',
      weaknesses: 'Reliability and radiation tolerance to prove.',
    },
    IN_HOUSE,
  ],
  diagnostics: [
    {
      approach: 'Central-laboratory reference method',
      how: 'The accepted test run on laboratory analysers by trained staff.',
      strengths: 'Accepted performance and reimbursement.',
      weaknesses: 'Turnaround time, logistics, cost per result.',
    },
    {
      approach: 'Existing rapid or point-of-care tests',
      how: 'Simpler tests used near the patient.',
      strengths: 'Speed, low cost.',
      weaknesses: 'Lower sensitivity or specificity (to verify for the analyte).',
    },
    {
      approach: 'Clinical judgement without a test',
      how: 'Decisions made from symptoms and history.',
      strengths: 'No cost.',
      weaknesses: 'Missed or late diagnoses.',
    },
    IN_HOUSE,
  ],
  storage: [
    {
      when: ELECTROLYTE,
      approach: 'Liquid carbonate electrolytes (lithium salt in organic solvents)',
      how: 'The electrolyte of nearly every lithium-ion cell made today.',
      strengths: 'Cheap, highly conductive, fully industrialised.',
      weaknesses: 'Flammable; stands in the way of lithium-metal anodes.',
    },
    {
      when: ELECTROLYTE,
      approach: 'Other solid electrolytes (oxide, sulfide, polymer)',
      how: 'Ceramic or polymer ion conductors developed for solid-state cells.',
      strengths: 'Non-flammable; allow lithium-metal anodes.',
      weaknesses: 'Conductivity, interfaces and manufacture at scale still open.',
    },
    {
      approach: 'Incumbent cell chemistry of the segment',
      how: 'The dominant chemistry bought from established cell makers.',
      strengths: 'Scale, falling costs, bankability.',
      weaknesses: 'Specific limits (materials, safety, cycle life) the idea may address.',
    },
    {
      approach: 'Other emerging storage routes',
      how: 'Alternative chemistries or storage principles pursuing the same improvement.',
      strengths: 'Some may be further advanced.',
      weaknesses: 'Check their cost and maturity.',
    },
    {
      // A material inside the cell is not replaced by managing the pack.
      unless: ELECTROLYTE,
      approach: 'Oversizing or system-level management',
      how: 'More capacity or smarter management of existing cells.',
      strengths: 'No new chemistry to qualify.',
      weaknesses: 'Cost, weight, space.',
    },
    IN_HOUSE,
  ],
  // With the field unconfirmed there is nothing to say about its players: two rows to fill, not four that pretend.
  general: [
    {
      approach: 'What buyers use today',
      how: 'To identify in interviews.',
      strengths: 'Known, available.',
      weaknesses: 'What the idea improves.',
    },
    { approach: 'Other new approaches', how: 'To find in a prior-art search.', strengths: 'To compare.', weaknesses: 'To compare.' },
  ],
};

/** The alternatives a buyer of this invention would weigh: the field's, minus those the record rules out. */
export function alternativesFor(domain: DomainId, recordLower: string): AlternativeApproach[] {
  const fitting = (ALTERNATIVES[domain] ?? ALTERNATIVES.general).filter(
    (a) => (!a.unless || !a.unless.test(recordLower)) && (!a.when || a.when.test(recordLower)),
  );
  // The generic fallbacks (do nothing, an incumbent builds it) only where the field knows too few of its own.
  const own = fitting.filter((a) => a !== DO_NOTHING && a !== IN_HOUSE);
  return own.length >= 2 ? own : fitting;
}
