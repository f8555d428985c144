/**
 * What an experienced analyst knows about a kind of thing, triggered by what the record says the
 * invention is or contains — not by its field alone. An implant gets biocompatibility and its
 * device class, anything with a radio gets radio-equipment rules, a battery-powered device gets
 * transport tests, a PFAS process gets the analytical methods that prove destruction. Two
 * inventions in one field share only what they share in fact.
 *
 * Everything here is general public knowledge (regulations, standards, test methods by name);
 * nothing is a market figure. Each item is marked "to verify" where the report shows it.
 */
import type { RecordField } from '@assay/shared';
import type { RiskCategory } from '../content/report-content.ts';

export interface Consideration {
  id: string;
  /** What in the record triggers it (name, summary, features, mechanism, applications; lower case). */
  when: RegExp;
  /** When set, only for these fields (the confirmed field of the record). */
  fields?: readonly RecordField[];
  /** A short name for the reader ("implantable device", "radio link"). */
  topic: string;
  regime?: { name: string; scope: string; implication: string };
  standards?: readonly string[];
  risk?: { risk: string; category: RiskCategory; likelihood: number; impact: number; mitigation: string };
  /** A test or study the next stage needs because of this. */
  test?: string;
}

const MED: readonly RecordField[] = ['medical_devices', 'diagnostics', 'pharma_biotech'];

export const CONSIDERATIONS: readonly Consideration[] = [
  {
    id: 'implant',
    when: /\bimplant(?:able|ed|s)?\b|\bstent|\bprosthe|\bbone (?:plate|screw|graft)|\bpacemaker|\bneurostimulat/,
    fields: MED,
    topic: 'implantable device',
    regime: {
      name: 'EU MDR Annex VIII rule 8 (implantable and long-term surgically invasive devices) and US FDA class II/III',
      scope:
        'Implantable devices are class IIb or III in the EU and usually class III (PMA) or class II with special controls in the US — the class decides the route (to verify with the rules).',
      implication:
        'Expect a notified body, clinical investigation data and long-term safety evidence; budget years, not months, for the first approval.',
    },
    standards: [
      'ISO 10993-1 (biological evaluation: implant contact, long-term)',
      'ISO 14630 (non-active surgical implants) or ISO 14708 (active implantable devices)',
    ],
    risk: {
      risk: 'Long-term implantation data (biocompatibility, fatigue, migration) takes longer than the plan allows',
      category: 'regulatory',
      likelihood: 4,
      impact: 5,
      mitigation: 'Start the ISO 10993 test plan and an animal study design with a GLP laboratory before the first investor round.',
    },
    test: "ISO 10993 biocompatibility series and a bench fatigue test at the implant's load cycles",
  },
  {
    id: 'surgical-instrument',
    when: /\b(?:retractors?|scalpels?|forceps|surgical (?:instruments?|tools?|scissors|clamps?)|trocars?|specul(?:um|a)|curettes?|needle holders?|surgical guides?)\b/,
    fields: ['medical_devices'],
    topic: 'surgical instrument',
    regime: {
      name: 'EU MDR (EU) 2017/745 Annex VIII rule 6 (surgically invasive, transient use) and US FDA 21 CFR 878.4800 (manual surgical instruments)',
      scope:
        'A hand-held instrument used in surgery for under an hour is class IIa in the EU, or class I with a notified body for its reprocessing (Ir) if it is a reusable surgical instrument; powered parts (a light, a sensor) add the rules for active devices. In the US manual surgical instruments are class I and mostly exempt from 510(k); a powered or lighted one may need one (to verify with the rules).',
      implication:
        'The class decides whether a notified body and a 510(k) are needed at all; check it before budgeting the route, with a predicate search in the FDA database.',
    },
    standards: [
      'ISO 17664 (information for reprocessing of reusable devices)',
      'ISO 7153-1 (metallic materials for surgical instruments)',
      'IEC 60601-1 (electrical safety) where it is powered',
    ],
    risk: {
      risk: 'Repeated cleaning and sterilisation damages the instrument or what is built into it',
      category: 'technical',
      likelihood: 3,
      impact: 4,
      mitigation: 'Validate reprocessing (ISO 17664) over the intended number of cycles on the final design, or make the part single-use.',
    },
    test: 'a reprocessing validation (cleaning and sterilisation cycles, ISO 17664) on the final design',
  },
  {
    id: 'wound-contact',
    when: /\b(?:wounds?|dressings?|burns?|ulcers?)\b/,
    fields: ['medical_devices'],
    topic: 'device on injured skin',
    regime: {
      name: 'EU MDR (EU) 2017/745 Annex VIII rule 4 (devices in contact with injured skin) and US FDA wound-dressing rules (21 CFR 878.4018, 878.4020)',
      scope:
        "A dressing that only covers or absorbs is class I; one that manages the wound's micro-environment is IIa, and one for wounds that breach the dermis IIb; a sensor or electronics add the rules for active devices. In the US plain dressings are class I, and a dressing with an added function usually needs a 510(k) (to verify with the rules).",
      implication: 'What the dressing claims to do sets its class: write the intended purpose before the first clinical contact.',
    },
    standards: ['ISO 10993-1 (biological evaluation: breached or compromised surface)', 'EN 13726 (test methods for wound dressings)'],
  },
  {
    id: 'monitoring',
    when: /\b(?:ecg|ekg|eeg|pulse oximet\w*|vital signs?|heart rate|blood pressure|blood glucose|glucose monitor\w*|respiration rate|oxygen saturation|spo2)\b/,
    fields: ['medical_devices'],
    topic: 'physiological monitoring',
    regime: {
      name: 'EU MDR (EU) 2017/745 Annex VIII rule 10 (active devices for diagnosis and monitoring) and US FDA class II (510(k)) monitors',
      scope:
        'Monitoring a physiological process is class IIa in the EU, IIb where a change could mean immediate danger (vital parameters in intensive care); in the US most such monitors are class II, cleared by 510(k) against a predicate (to verify with the rules).',
      implication:
        'Accuracy against a reference device on patients, and the alarms, are what the notified body and the FDA will read first.',
    },
    standards: ['IEC 60601-1 and the particular standard for the parameter (e.g. ISO 80601-2-61 for pulse oximeters)'],
    test: 'an accuracy study against a reference device on volunteers or patients',
  },
  {
    id: 'skin-contact',
    when: /\b(?:wearable|skin|patch|sweat|on-body|wristband|earbud|smart (?:watch|ring))\b/,
    topic: 'skin contact',
    standards: ['ISO 10993-5, -10 and -23 (cytotoxicity, sensitisation, irritation) for materials touching skin'],
    risk: {
      risk: 'Skin irritation or adhesive failure in multi-day wear',
      category: 'technical',
      likelihood: 3,
      impact: 3,
      mitigation: 'Run a wear study on volunteers with the final adhesive and housing materials.',
    },
    test: 'a multi-day wear study with the final materials',
  },
  {
    id: 'software-medical',
    when: /\b(?:software|algorithm|app|machine learning|neural|ai\b|artificial intelligence|classifier|model)\b/,
    fields: ['medical_devices', 'diagnostics'],
    topic: 'software with a medical purpose',
    regime: {
      name: 'Software as a medical device: EU MDR rule 11, US FDA SaMD policy and the AI-enabled device guidance',
      scope: 'Software that informs diagnosis or treatment is itself a device; rule 11 places most such software in class IIa or higher.',
      implication:
        'A software life cycle under IEC 62304, clinical validation of the algorithm on independent data, and a plan for updates (FDA predetermined change control plan) are needed.',
    },
    standards: ['IEC 62304 (medical device software life cycle)', 'IEC 82304-1 (health software)', 'ISO 14971 (risk management)'],
    risk: {
      risk: 'The algorithm does not hold its accuracy on patients outside the development data',
      category: 'technical',
      likelihood: 3,
      impact: 5,
      mitigation: 'Validate on an independent, prospectively collected data set from another site before claiming performance.',
    },
    test: 'clinical validation of the algorithm on an independent data set from a second site',
  },
  {
    id: 'ivd',
    when: /\b(?:assay|immunoassay|biomarker|specimen|blood sample|saliva|urine|swab|lateral flow|pcr|antigen test|diagnostic test|point[- ]of[- ]care)\b/,
    fields: ['diagnostics', 'medical_devices', 'pharma_biotech'],
    topic: 'in-vitro diagnostic',
    regime: {
      name: 'EU IVDR (EU) 2017/746 and US FDA IVD rules (CLIA categorisation in the US)',
      scope: 'A test on samples taken from the body is an in-vitro diagnostic; IVDR classes A–D follow Annex VIII rules.',
      implication:
        'Analytical performance (sensitivity, specificity, limit of detection) and clinical performance studies are needed; class B and above need a notified body.',
    },
    standards: [
      'ISO 13485 (quality management)',
      'ISO 20916 (clinical performance studies for IVDs)',
      'CLSI EP17 (limits of detection) and EP05 (precision)',
    ],
    risk: {
      risk: 'Sensitivity or specificity in the clinical study falls short of the reference method',
      category: 'technical',
      likelihood: 3,
      impact: 5,
      mitigation: 'Run an analytical study against the reference method on banked samples before the clinical study.',
    },
    test: 'an analytical study against the reference method (limit of detection, precision, cross-reactivity) on banked samples',
  },
  {
    id: 'drug',
    when: /\b(?:drug|therapeutic|compound|small molecule|antibod|peptide|vaccine|adjuvant|formulation|dosage|api\b|active ingredient)\b/,
    fields: ['pharma_biotech'],
    topic: 'medicinal product',
    regime: {
      name: 'Medicines regulation: FDA IND/NDA or BLA, EMA centralised procedure, India CDSCO (New Drugs and Clinical Trials Rules 2019)',
      scope: 'Anything with a therapeutic claim for humans.',
      implication:
        'GLP toxicology before first-in-human studies, GMP manufacture of clinical material, phased trials — the longest route of any field.',
    },
    standards: ['ICH M3(R2) (non-clinical safety studies)', 'ICH Q8–Q10 (development, risk, quality system)', 'OECD GLP principles'],
    risk: {
      risk: 'Toxicology or pharmacokinetics in animals rule out the dose that works',
      category: 'technical',
      likelihood: 3,
      impact: 5,
      mitigation: 'Run an early dose-range-finding and exposure study before committing to GLP toxicology.',
    },
    test: 'a dose-range-finding and pharmacokinetic study in a relevant animal model',
  },
  {
    id: 'radio',
    when: /\b(?:lora|lorawan|bluetooth|ble\b|wi-?fi|zigbee|nb-iot|lte|5g|cellular|gsm|rfid|nfc|radio|wireless|antenna|transmitter|telemetry)\b/,
    topic: 'radio link',
    regime: {
      name: 'Radio equipment rules: EU Radio Equipment Directive 2014/53/EU, US FCC Part 15, India WPC approval (ETA)',
      scope: 'Any product that transmits on a radio frequency.',
      implication: 'Conformity testing per market (and, for LPWAN, duty-cycle and band limits); a pre-certified radio module shortens it.',
    },
    standards: ['ETSI EN 300 220 (short-range devices, e.g. LoRa in 868 MHz) or EN 300 328 (2.4 GHz)', 'ETSI EN 301 489 (radio EMC)'],
    risk: {
      risk: 'Range or battery life in the field falls short of the design because of the radio link',
      category: 'technical',
      likelihood: 3,
      impact: 3,
      mitigation: 'Measure link budget and current draw on site before the pilot commits to a layout.',
    },
    test: 'a link-budget and current-draw measurement at a real site',
  },
  {
    id: 'battery-powered',
    // Cells the product carries or ships with — not the cells a tester measures.
    when: /\b(?:battery[- ]powered|rechargeable|powered by (?:a |an )?(?:lithium|li-ion|battery|batteries)|(?:built-in|internal|on-board|integrated) (?:lithium |li-ion )?batter(?:y|ies)|battery pack|coin cell|lithium polymer)\b/,
    topic: 'battery on board',
    regime: {
      name: 'Transport of lithium batteries (UN 38.3; IATA and IMDG rules) and the EU Battery Regulation (EU) 2023/1542',
      scope: 'Products that contain, ship with or handle lithium cells.',
      implication:
        'UN 38.3 test summaries for shipping; labelling, due-diligence and end-of-life duties under the EU regulation as they phase in.',
    },
    standards: ['UN 38.3 (transport tests)', 'IEC 62133-2 (safety of portable lithium cells and batteries)'],
    test: 'UN 38.3 transport tests on the final pack (or a certified pack)',
  },
  {
    id: 'second-life',
    when: /\b(?:second[- ]life|repurpos\w*|recycl\w*|end[- ]of[- ]life|state of health|soh\b|grading|sorting)\b/,
    fields: ['test_measurement', 'energy_storage', 'manufacturing', 'materials_coatings'],
    topic: 'reuse and recycling of batteries or materials',
    regime: {
      name: 'EU Battery Regulation (EU) 2023/1542 — state-of-health information, repurposing and recycled-content duties',
      scope: 'Batteries that are repurposed, remanufactured or recycled in the EU.',
      implication:
        'Repurposed batteries need a documented state-of-health assessment; a grading instrument that feeds that record has a regulatory reason to exist.',
    },
    standards: [
      'UL 1974 (evaluation for repurposing batteries)',
      'IEC 62933-5 (safety of grid storage systems) where second-life packs go into storage',
    ],
  },
  {
    id: 'grid-storage',
    when: /\b(?:grid[- ]scale|stationary storage|energy storage system|bess\b|home battery|microgrid)\b/,
    fields: ['energy_storage', 'energy_generation'],
    topic: 'stationary storage',
    standards: ['IEC 62619 (industrial lithium batteries)', 'UL 9540 / UL 9540A (energy storage systems, thermal runaway propagation)'],
    risk: {
      risk: 'Thermal-runaway propagation test (UL 9540A) forces a redesign of the enclosure',
      category: 'technical',
      likelihood: 2,
      impact: 4,
      mitigation: 'Run a cell-level 9540A test early; design spacing and venting from its results.',
    },
  },
  {
    id: 'mains-electrical',
    when: /\b(?:mains|230 ?v|110 ?v|high voltage|power supply|charger|inverter|converter|motor drive|electrical equipment)\b/,
    topic: 'mains or high-voltage electronics',
    regime: {
      name: 'EU Low Voltage Directive 2014/35/EU and EMC Directive 2014/30/EU (UL/CSA listing in North America)',
      scope: 'Electrical equipment powered from the mains or above 50 V AC / 75 V DC.',
      implication: 'Electrical-safety and EMC testing at an accredited laboratory before sale; design for it from the first prototype.',
    },
    standards: ['IEC 62368-1 (ICT/AV) or IEC 61010-1 (measurement and laboratory equipment) for safety', 'CISPR 11 / CISPR 32 (emissions)'],
  },
  {
    id: 'measurement-instrument',
    when: /\b(?:instrument|analy[sz]er|meter|gauge|tester|measur\w+ (?:device|system|instrument)|metrolog\w*|calibrat\w*)\b/,
    fields: ['test_measurement', 'semiconductors_electronics', 'optics_photonics', 'diagnostics'],
    topic: 'measuring instrument',
    standards: [
      'IEC 61010-1 (safety of measurement and laboratory equipment)',
      'ISO/IEC 17025 (competence of the laboratory that calibrates or compares it)',
      'JCGM 100 (GUM: expressing the measurement uncertainty)',
    ],
    risk: {
      risk: 'Measurement uncertainty across the real operating range is wider than the headline figure',
      category: 'technical',
      likelihood: 3,
      impact: 4,
      mitigation: 'Compare with a reference instrument at an accredited laboratory over the full range and publish the uncertainty budget.',
    },
    test: 'a comparison with a reference instrument over the full operating range, with an uncertainty budget',
  },
  {
    id: 'inspection-am',
    when: /\b(?:additive manufactur\w*|3d[- ]print\w*|powder bed|melt pool|laser powder|build plate|layer[- ]wise|in[- ]situ monitoring)\b/,
    topic: 'additive manufacturing process',
    standards: [
      'ISO/ASTM 52900 series (additive manufacturing terms and qualification)',
      'ISO/ASTM 52930 (qualification of installation and operation)',
      'ASTM F3303 (process requirements for critical applications)',
    ],
    risk: {
      risk: 'Machine makers close their build chambers to third-party sensors or data',
      category: 'market',
      likelihood: 3,
      impact: 4,
      mitigation: 'Agree data access with one machine maker as a development partner before scaling.',
    },
    test: 'a correlation of in-process signals with CT-scanned defects on built coupons',
  },
  {
    id: 'ndt',
    when: /\b(?:non[- ]destructive|ndt\b|ndi\b|ultrasonic (?:testing|inspection)|eddy current|radiograph\w*|x-ray (?:inspection|ct)|computed tomography|defect detection|crack detection|inspection system)\b/,
    topic: 'non-destructive inspection',
    standards: ['ISO 9712 (qualification of NDT personnel)', 'ASTM E1444, E2375 and related method standards (per inspection method)'],
    test: 'a probability-of-detection study on specimens with known defects',
  },
  {
    id: 'camera-vision',
    when: /\b(?:camera|image sensor|imaging|computer vision|machine vision|hyperspectral|thermal imag\w*)\b/,
    fields: ['optics_photonics', 'test_measurement', 'software_ai', 'semiconductors_electronics', 'agriculture_food', 'manufacturing'],
    topic: 'imaging',
    standards: ['EMVA 1288 (characterisation of image sensors and cameras)'],
    risk: {
      risk: 'Lighting, dust or vibration in the real setting degrade image quality below what the algorithm needs',
      category: 'technical',
      likelihood: 3,
      impact: 3,
      mitigation: 'Collect images at the customer site early and test the algorithm on them.',
    },
  },
  {
    id: 'laser',
    when: /\blasers?\b/,
    topic: 'laser',
    regime: {
      name: 'Laser product safety: IEC 60825-1 classification (and US 21 CFR 1040.10)',
      scope: 'Any product that contains or emits laser light.',
      implication: 'The laser class sets labelling, interlocks and who may operate it; class 3B/4 limits where it can be used.',
    },
    standards: ['IEC 60825-1 (safety of laser products)'],
  },
  {
    id: 'ai-data',
    when: /\b(?:machine learning|deep learning|neural network|artificial intelligence|ai[- ](?:based|driven|powered)|ai model|language model|computer vision|predictive model)\b/,
    topic: 'AI model',
    regime: {
      name: 'EU AI Act (Regulation (EU) 2024/1689)',
      scope:
        'AI systems placed on the EU market; high-risk uses (e.g. safety components, medical devices, critical infrastructure, employment) carry obligations.',
      implication:
        'Classify the use case under Annex III; high-risk systems need risk management, data governance, logging and human oversight.',
    },
    risk: {
      risk: 'Model performance drops on data from new customers or sites (data drift)',
      category: 'technical',
      likelihood: 3,
      impact: 4,
      mitigation: 'Hold out a site the model never saw and measure on it; plan monitoring and retraining.',
    },
    test: 'a hold-out test on data from a site or customer the model never saw',
  },
  {
    id: 'personal-data',
    when: /\b(?:patient data|personal data|user data|health data|location data|biometric|facial|face (?:recognition|detection|images?)|voice|wearable|app\b|mobile app|account)\b/,
    topic: 'personal data',
    regime: {
      name: 'Data protection: GDPR (EU), India DPDP Act 2023, HIPAA where US covered entities are involved',
      scope: 'Processing data about identifiable people.',
      implication: 'Privacy by design, a lawful basis, data-processing agreements and security controls from the first pilot.',
    },
  },
  {
    id: 'connected-product',
    when: /\b(?:iot|internet of things|(?:network|internet|cloud)[- ]connected|connected (?:device|product|sensor|home|car|vehicle)s?|cloud|remote monitoring|firmware|over[- ]the[- ]air|dashboard)\b/,
    topic: 'connected product',
    regime: {
      name: 'EU Cyber Resilience Act (Regulation (EU) 2024/2847) and, for industrial sites, IEC 62443',
      scope: 'Products with digital elements sold in the EU (obligations phase in from 2026–2027).',
      implication: 'Secure-by-design development, vulnerability handling and security updates over the support period.',
    },
    standards: ['ETSI EN 303 645 (consumer IoT security)', 'IEC 62443-4-2 (industrial components)'],
  },
  {
    id: 'drinking-water',
    when: /\b(?:drinking water|potable|household water|point[- ]of[- ]use|tap water|well water|water filter|water purif\w*)\b/,
    fields: ['water', 'materials_coatings', 'consumer'],
    topic: 'drinking-water contact',
    regime: {
      name: 'Drinking-water rules: EU Drinking Water Directive (EU) 2020/2184, US EPA regulations, India BIS IS 10500',
      scope: 'Products that treat or touch water people drink.',
      implication:
        'Materials in contact need approval (NSF/ANSI 61 in the US, national schemes in the EU) and performance claims need certified testing.',
    },
    standards: ['NSF/ANSI 53 and 58 (health-effect reduction claims)', 'NSF/ANSI 61 (materials in contact with drinking water)'],
    test: 'a certified reduction test against NSF/ANSI 53 (or the national equivalent) with challenge water',
  },
  {
    id: 'wastewater',
    when: /\b(?:wastewater|effluent|sewage|sludge|industrial water|discharge|leachate|brine|produced water)\b/,
    fields: ['water', 'materials_coatings', 'manufacturing', 'energy_generation'],
    topic: 'wastewater treatment',
    regime: {
      name: 'Discharge permits: EU Urban Waste Water Treatment Directive (recast 2024) and Industrial Emissions Directive; US Clean Water Act (NPDES); India CPCB/SPCB consent',
      scope: 'Treating or discharging industrial or municipal wastewater.',
      implication: "The customer's permit limits set the performance target; pilots are judged against them.",
    },
  },
  {
    id: 'pfas',
    when: /\b(?:pfas|pfoa|pfos|perfluoro\w*|polyfluoro\w*|forever chemicals|fluorosurfactant|afff)\b/,
    topic: 'PFAS',
    regime: {
      name: 'PFAS rules: US EPA National Primary Drinking Water Regulation for six PFAS (2024) and EPA interim guidance on PFAS destruction and disposal; EU Drinking Water Directive PFAS limits (from 2026); proposed EU-wide PFAS restriction under REACH',
      scope: 'Treating, destroying or replacing PFAS.',
      implication:
        'Claims of destruction need a mass balance with fluoride recovery and evidence that no shorter-chain PFAS or volatile fluorinated products are formed.',
    },
    standards: [
      'EPA Methods 533 and 537.1 (PFAS in drinking water)',
      'EPA Method 1633 (PFAS in wastewater, solids and tissue)',
      'EPA OTM-45 (PFAS in air emissions)',
    ],
    risk: {
      risk: 'Incomplete destruction forms shorter-chain PFAS or volatile fluorinated products',
      category: 'technical',
      likelihood: 3,
      impact: 5,
      mitigation: 'Close the fluorine mass balance (fluoride, targeted and non-targeted analysis) in an independent laboratory.',
    },
    test: 'a fluorine mass balance with targeted (Method 1633) and non-targeted analysis by an independent laboratory',
  },
  {
    id: 'chemicals',
    // A new substance or nanoform needs registration; a product made of known polymers does not.
    when: /\b(?:new|novel)\s+(?:chemical|compound|substance|molecule|material|formulation|catalyst|polymer)s?\b|\bnano(?:particle|material|form|tube|wire)s?\b/,
    fields: ['materials_coatings', 'manufacturing', 'energy_storage', 'energy_generation', 'water', 'consumer', 'construction'],
    topic: 'chemical substances',
    regime: {
      name: 'Chemical registration: EU REACH (registration above 1 t/year per manufacturer or importer), US TSCA (new-chemical notice), India chemical rules as they come in',
      scope: 'Substances manufactured or imported, including nanoforms.',
      implication: 'A new substance needs registration data before volume sales; check whether the substances are already registered.',
    },
  },
  {
    id: 'coating',
    when: /\b(?:coating|coated|thin film|surface treatment|anti-?reflect\w*|hydrophob\w*|anti-?fouling|anti-?corrosion)\b/,
    fields: ['materials_coatings', 'optics_photonics', 'manufacturing', 'construction', 'energy_generation'],
    topic: 'coating durability',
    standards: ['ISO 2409 / ASTM D3359 (adhesion)', 'ISO 9211-4 (optical coatings: environmental durability)', 'ASTM D4060 (abrasion)'],
    risk: {
      risk: 'The coating loses its function after abrasion, cleaning or weathering in use',
      category: 'technical',
      likelihood: 3,
      impact: 4,
      mitigation: "Run abrasion, humidity and UV ageing tests on the customer's own substrate.",
    },
    test: "abrasion, damp-heat and UV ageing tests on the customer's substrate",
  },
  {
    id: 'food-contact',
    when: /\b(?:food contact|food packaging|packaging|edible|beverage|dairy|meat|grain storage|post-harvest|shelf life)\b/,
    fields: ['agriculture_food', 'materials_coatings', 'consumer'],
    topic: 'food contact or food safety',
    regime: {
      name: 'Food-contact and food-safety rules: EU Regulation 1935/2004 (and 10/2011 for plastics), US FDA 21 CFR 174–186, India FSSAI',
      scope: 'Materials touching food, or processes that change food.',
      implication: 'Migration testing and a declaration of compliance before sale; novel food processes may need approval.',
    },
    test: 'overall and specific migration tests with food simulants',
  },
  {
    id: 'agri-inputs',
    when: /\b(?:fertili[sz]er|pesticide|herbicide|fungicide|biostimulant|biopesticide|seed treatment|soil amendment)\b/,
    fields: ['agriculture_food', 'pharma_biotech', 'materials_coatings'],
    topic: 'farm inputs',
    regime: {
      name: 'Farm-input registration: EU Fertilising Products Regulation (EU) 2019/1009 and plant-protection Regulation 1107/2009; US EPA (FIFRA); India Fertiliser Control Order and Insecticides Act',
      scope: 'Products applied to crops or soil for nutrition or protection.',
      implication: 'Efficacy and safety data from multi-season field trials before registration.',
    },
    test: 'replicated field trials over at least two seasons',
  },
  {
    id: 'farm-equipment',
    when: /\b(?:farmer|field|crop|irrigation|drip|greenhouse|livestock|orchard|soil (?:probe|sensor|moisture))\b/,
    fields: ['agriculture_food'],
    topic: 'on-farm use',
    risk: {
      risk: 'Farmers do not pay for it at the price needed, or only with a subsidy',
      category: 'market',
      likelihood: 3,
      impact: 4,
      mitigation: 'Price-test with a farmer group and a dealer; check which subsidy schemes list such equipment.',
    },
  },
  {
    id: 'drone',
    when: /\b(?:drone|uav|unmanned aerial|quadcopter)\b/,
    topic: 'unmanned aircraft',
    regime: {
      name: 'Aviation rules for drones: EU Regulation 2019/947 (open/specific categories), US FAA Part 107, India Drone Rules 2021',
      scope: 'Operating unmanned aircraft.',
      implication: 'Operations beyond visual line of sight need authorisation; the operating concept sets the approval route.',
    },
  },
  {
    id: 'vehicle',
    when: /\b(?:vehicle|automotive|car\b|truck|bus\b|two-wheeler|e-bike|scooter|brake|powertrain|drivetrain|tyre|tire)\b/,
    fields: ['mobility', 'energy_storage', 'semiconductors_electronics', 'manufacturing'],
    topic: 'vehicle component',
    regime: {
      name: 'Vehicle type approval: UNECE regulations (WP.29), EU 2018/858, India AIS/CMVR; FMVSS in the US',
      scope: 'Components that affect the safety or emissions of road vehicles.',
      implication:
        'Automotive customers require type-approval evidence and an IATF 16949 supplier; qualification takes one or more model cycles.',
    },
    standards: [
      'ISO 26262 (functional safety, for electronics with safety functions)',
      'AEC-Q100/Q200 (electronic components)',
      'IATF 16949 (automotive quality management)',
    ],
  },
  {
    id: 'ev-charging',
    when: /\b(?:ev charg\w*|charging station|charger for electric|wallbox|vehicle-to-grid|v2g)\b/,
    topic: 'EV charging',
    standards: ['IEC 61851 (conductive charging systems)', 'ISO 15118 (vehicle-to-grid communication)', 'IEC 62196 (connectors)'],
  },
  {
    id: 'solar-pv',
    when: /\b(?:solar cell|solar module|photovoltaic|pv module|perovskite)\b/,
    topic: 'photovoltaic module',
    standards: ['IEC 61215 (design qualification of PV modules)', 'IEC 61730 (PV module safety)'],
    risk: {
      risk: 'Damp-heat and thermal-cycling tests show degradation too fast for a 25-year warranty',
      category: 'technical',
      likelihood: 4,
      impact: 5,
      mitigation: 'Run IEC 61215 accelerated tests on encapsulated minimodules before scaling the process.',
    },
    test: 'IEC 61215 damp-heat (1,000 h) and thermal-cycling tests on encapsulated minimodules',
  },
  {
    id: 'grid-connection',
    when: /\b(?:grid[- ]connected|grid[- ]tied|inverter|feed[- ]in|distribution network|utility)\b/,
    fields: ['energy_generation', 'energy_storage', 'semiconductors_electronics'],
    topic: 'grid connection',
    standards: [
      'IEEE 1547 (interconnection, US)',
      'EN 50549 (generating plants connected to distribution networks, EU)',
      'IEC 62109 (safety of power converters for PV)',
    ],
  },
  {
    id: 'hydrogen',
    when: /\b(?:hydrogen|electroly[sz]er|fuel cell|ammonia cracking)\b/,
    topic: 'hydrogen',
    standards: ['ISO 22734 (water electrolysers)', 'IEC 62282 (fuel cell technologies)', 'ISO 14687 (hydrogen fuel quality)'],
    regime: {
      name: 'Pressure and explosive-atmosphere rules: EU Pressure Equipment Directive 2014/68/EU and ATEX 2014/34/EU',
      scope: 'Equipment that stores or handles hydrogen under pressure.',
      implication: 'Hazardous-area design and conformity assessment add cost and time to pilots.',
    },
  },
  {
    id: 'machinery',
    when: /\b(?:machine|robot|robotic|actuator|conveyor|automation|cnc|gripper|exoskeleton)\b/,
    fields: ['manufacturing', 'mobility', 'construction', 'agriculture_food', 'consumer'],
    topic: 'machinery',
    regime: {
      name: 'EU Machinery Regulation (EU) 2023/1230 (applies from January 2027) and OSHA rules in the US',
      scope: 'Machines with moving parts, including robots and their safety functions.',
      implication: 'A risk assessment to ISO 12100 and safety functions to ISO 13849 before the CE mark.',
    },
    standards: ['ISO 12100 (risk assessment)', 'ISO 13849-1 (safety-related control systems)', 'ISO 10218 (industrial robots)'],
  },
  {
    id: 'semiconductor-device',
    when: /\b(?:transistor|wafer|die\b|chip|integrated circuit|mosfet|gan\b|gallium nitride|silicon carbide|sic\b|mems)\b/,
    fields: ['semiconductors_electronics', 'energy_generation', 'optics_photonics', 'test_measurement'],
    topic: 'semiconductor device',
    standards: ['JEDEC JESD47 (stress-test qualification of integrated circuits)', 'AEC-Q101 (discrete semiconductors, automotive)'],
    risk: {
      risk: 'Yield or reliability at a commercial foundry is far below the lab result',
      category: 'technical',
      likelihood: 3,
      impact: 4,
      mitigation: 'Run a multi-project-wafer lot at a commercial foundry and a JEDEC stress test before claiming performance.',
    },
    test: 'a multi-project-wafer run at a commercial foundry with JEDEC stress tests',
  },
  {
    id: 'space',
    when: /\b(?:satellite|spacecraft|cubesat|orbit|launch vehicle|thruster|space debris|in-orbit)\b/,
    topic: 'space hardware',
    standards: ['ECSS-E-ST-10-03 (testing)', 'ISO 24113 (space debris mitigation)', 'NASA GEVS (GSFC-STD-7000)'],
    regime: {
      name: 'Space activity licensing and export control: national space laws (e.g. India IN-SPACe authorisation), ITU filings for radio, ITAR/EAR and EU dual-use export rules',
      scope: 'Hardware that flies or communicates from orbit, and its export.',
      implication:
        'Export classification early; a launch opportunity and qualification tests (vibration, thermal vacuum) set the schedule.',
    },
    test: 'vibration and thermal-vacuum qualification of an engineering model',
  },
  {
    id: 'construction-product',
    when: /\b(?:concrete|cement|brick|insulation|facade|roofing|structural|building material|precast|mortar)\b/,
    fields: ['construction', 'materials_coatings'],
    topic: 'construction product',
    regime: {
      name: 'EU Construction Products Regulation (EU) 2024/3110 (CE marking against harmonised standards) and national building codes (e.g. India BIS, US IBC)',
      scope: 'Products incorporated permanently in buildings or infrastructure.',
      implication:
        'Declared performance to a harmonised standard or a European Assessment Document; fire and structural tests take months.',
    },
    standards: ['EN 206 (concrete)', 'EN 13501-1 (reaction to fire)'],
  },
  {
    id: 'consumer-product',
    when: /\b(?:consumer|household|home use|kitchen|toy|children|personal care|cosmetic)\b/,
    fields: ['consumer'],
    topic: 'consumer product',
    regime: {
      name: 'EU General Product Safety Regulation (EU) 2023/988, US CPSC rules, India BIS; EN 71 for toys, Regulation 1223/2009 for cosmetics',
      scope: 'Products sold to consumers.',
      implication: 'Risk assessment, traceability and labelling before retail; retailers ask for test reports.',
    },
  },
];

/** The considerations a record triggers: only those its text names and its field admits. */
export function considerationsFor(recordText: string, field: RecordField): Consideration[] {
  const lower = recordText.toLowerCase();
  return CONSIDERATIONS.filter((c) => c.when.test(lower) && (!c.fields || field === 'uncertain' || c.fields.includes(field)));
}
