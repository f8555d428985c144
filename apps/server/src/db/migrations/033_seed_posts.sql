-- Starter content so the public blog and press pages are not empty on a fresh install.
-- Operators can edit or delete these posts like any other from the admin panel.

INSERT INTO posts (post_type, slug, title, description, content, image_url, author_name, featured, status, published_at, created_at, updated_at, meta_title, meta_description)
VALUES (
  'blog',
  'technology-readiness-levels-explained',
  'Technology Readiness Levels Explained: Where Does Your Invention Stand?',
  'TRL is the shared language of funders, licensees and investors. Learn what each of the nine levels means, what evidence moves you up the scale, and why an honest rating builds trust.',
  $$<p>Ask a funder, a licensing manager and a venture investor how mature your technology is, and all three will reach for the same yardstick: the <strong>Technology Readiness Level</strong>, or TRL. Originally developed at NASA in the 1970s and later adopted by the US Department of Defense, the European Commission and most national funding agencies, the nine-level scale has become the common language of technology transfer.</p>
<h2>The nine levels at a glance</h2>
<ol>
<li><strong>TRL 1 - Basic principles observed.</strong> Scientific research is beginning to be translated into applied research.</li>
<li><strong>TRL 2 - Technology concept formulated.</strong> A practical application is proposed, but it is still speculative.</li>
<li><strong>TRL 3 - Experimental proof of concept.</strong> Analytical and laboratory studies validate the critical functions.</li>
<li><strong>TRL 4 - Validated in the lab.</strong> Basic components work together in a laboratory setting.</li>
<li><strong>TRL 5 - Validated in a relevant environment.</strong> The integrated components are tested in conditions that resemble real use.</li>
<li><strong>TRL 6 - Demonstrated in a relevant environment.</strong> A representative prototype performs as intended.</li>
<li><strong>TRL 7 - Demonstrated in an operational environment.</strong> A near-final prototype is tested in the field.</li>
<li><strong>TRL 8 - System complete and qualified.</strong> The technology has passed its test and demonstration programme.</li>
<li><strong>TRL 9 - Proven in operation.</strong> The system is deployed and has a record of successful use.</li>
</ol>
<h2>Why the level matters commercially</h2>
<p>Most university inventions leave the lab between TRL 2 and TRL 4. That is precisely the range often called the <em>valley of death</em>: too mature for basic research grants, too risky for most corporate licensees and investors. Knowing where you stand tells you which doors are realistically open.</p>
<ul>
<li><strong>TRL 1-3:</strong> research grants, proof-of-concept funds and early collaborations with industrial partners.</li>
<li><strong>TRL 4-6:</strong> translational funding, option agreements with licensees and pre-seed or seed investment.</li>
<li><strong>TRL 7-9:</strong> commercial licences, strategic partnerships and growth capital.</li>
</ul>
<h2>Evidence, not enthusiasm</h2>
<p>Moving up the scale is about evidence. A reviewer will ask what was tested, in what environment, against which specification, and whether the results were repeated. Keep a simple log that maps each claim to a test report, a dataset or a demonstration video. When a licensee carries out due diligence, that log is worth more than any slide.</p>
<blockquote><p>An honest TRL 3 with a clear plan to reach TRL 5 is more persuasive than an optimistic TRL 6 that collapses under the first technical question.</p></blockquote>
<h2>Common mistakes</h2>
<ul>
<li>Rating the most mature component instead of the integrated system.</li>
<li>Treating a simulation as a demonstration in a relevant environment.</li>
<li>Ignoring manufacturing readiness, which investors increasingly assess alongside TRL.</li>
</ul>
<p>A structured technology assessment places your invention on the scale, lists the evidence behind the rating and sets out the experiments that would move it up one level. That is usually the most useful single page you can bring to a first meeting with a funder or licensee.</p>$$,
  NULL,
  'Admin',
  true,
  'published',
  '2025-07-21 09:00:00+00',
  '2025-07-21 09:00:00+00',
  '2025-07-21 09:00:00+00',
  'Technology Readiness Levels (TRL 1-9) Explained for Inventors',
  'What each of the nine Technology Readiness Levels means, what evidence moves an invention up the scale, and which funding and licensing routes fit each stage.'
),
(
  'blog',
  'licensing-or-spin-out-choosing-a-commercialisation-route',
  'Licensing or Spin-out? Choosing a Commercialisation Route for Your Technology',
  'Licensing an invention to an established company and founding a spin-out are very different journeys. Compare control, capital, risk and reward before you commit.',
  $$<p>Once an invention is protected and its potential is clear, the central question of technology transfer arrives: should the technology be <strong>licensed</strong> to a company that already sells into the market, or should a new company, a <strong>spin-out</strong>, be formed around it? Both routes can succeed. They suit different technologies, teams and ambitions.</p>
<h2>Licensing: speed and reach</h2>
<p>A licence grants a company the right to use your intellectual property in exchange for payments, typically an upfront fee, milestone payments and a royalty on sales. The licensee brings manufacturing, regulatory experience, distribution and customers.</p>
<ul>
<li><strong>Best for:</strong> improvements to existing products, platform technologies with many fields of use, and inventions whose natural owner is an established manufacturer.</li>
<li><strong>Watch for:</strong> diligence obligations. A licence without minimum performance terms can leave your technology on a shelf.</li>
<li><strong>Structure:</strong> exclusive licences can be limited by field of use or territory, so one invention can earn from several partners.</li>
</ul>
<h2>Spin-out: control and upside</h2>
<p>A spin-out keeps the technology in a company you help build. It usually holds an exclusive licence or an assignment of the IP, raises investment and takes the product to market itself.</p>
<ul>
<li><strong>Best for:</strong> technologies that create a new product category, where no obvious licensee exists, or where the founding team is committed to building a business.</li>
<li><strong>Watch for:</strong> capital needs and time. Deep-tech spin-outs often need several funding rounds before revenue.</li>
<li><strong>Structure:</strong> institutions commonly take equity, a royalty or both. Terms vary widely, so benchmark them early.</li>
</ul>
<h2>Questions that point the way</h2>
<table>
<thead><tr><th>Question</th><th>Leans towards licensing</th><th>Leans towards a spin-out</th></tr></thead>
<tbody>
<tr><td>Is there a clear incumbent who could sell this tomorrow?</td><td>Yes</td><td>No</td></tr>
<tr><td>Does the team want to run a company?</td><td>No</td><td>Yes</td></tr>
<tr><td>How much capital is needed to reach the first sale?</td><td>Large, and better carried by a partner</td><td>Fundable in stages</td></tr>
<tr><td>How broad is the technology?</td><td>Many fields of use</td><td>One focused product</td></tr>
</tbody>
</table>
<h2>Keep both options open</h2>
<p>The choice does not have to be final on day one. An option agreement lets a potential licensee evaluate the technology for a fixed period, and a spin-out can itself sub-license fields it will never address. What matters is a clear view of the market, the IP position and the capital required, which is exactly what a good assessment report sets out.</p>$$,
  NULL,
  'Admin',
  false,
  'published',
  '2025-07-28 09:00:00+00',
  '2025-07-28 09:00:00+00',
  '2025-07-28 09:00:00+00',
  NULL,
  NULL
),
(
  'blog',
  'patent-first-or-publish-first',
  'Patent First or Publish First? Protecting Your Invention Before You Talk About It',
  'A conference talk, a thesis or a pitch deck can destroy patent rights. Here is how novelty works, where grace periods help and where they do not, and a safe order of operations.',
  $$<p>Researchers are rewarded for publishing. Patent systems reward being <em>first to file</em>. When the two collide, an invention can lose its protection before anyone notices. Understanding a few rules avoids most of the damage.</p>
<h2>Novelty is judged against everything public</h2>
<p>To be patentable, an invention must be new at the date the application is filed. Anything made available to the public before that date counts against it: journal articles, conference posters, theses in a library, product demonstrations, even a detailed pitch given without a confidentiality agreement. Your own disclosures count as well.</p>
<h2>Grace periods are narrow and uneven</h2>
<ul>
<li>The <strong>United States</strong> gives inventors a one-year grace period for their own disclosures.</li>
<li>The <strong>European Patent Convention</strong> applies absolute novelty, with exceptions only for evident abuse and certain officially recognised exhibitions.</li>
<li><strong>India</strong> and several other countries allow limited exceptions, for example for disclosures at recognised exhibitions or before learned societies, provided the application follows within the permitted period.</li>
</ul>
<p>Relying on a grace period may keep rights alive in one country while losing them in most others. For an invention with international potential, that is rarely a good trade.</p>
<h2>A safe order of operations</h2>
<ol>
<li>Record the invention: what it does, how it works and the data that supports it.</li>
<li>Talk to your technology-transfer office or a patent attorney before any disclosure.</li>
<li>File a first application. A provisional or priority filing can be prepared quickly and establishes your date.</li>
<li>Publish, present or pitch, now without putting novelty at risk.</li>
<li>Within twelve months, decide on international filing, for example through the Patent Cooperation Treaty, which defers national costs until around 30 months from the priority date.</li>
</ol>
<h2>Confidentiality agreements help, but do not replace a filing</h2>
<p>A non-disclosure agreement keeps a conversation private, yet it cannot undo a disclosure someone makes in breach of it, and many investors will not sign one for a first meeting. Share the problem, the benefits and the evidence, and keep the enabling detail for after you have filed.</p>
<p>Before spending on a filing, check what already exists. A prior-art and freedom-to-operate snapshot, like the IP section of a technology assessment, shows whether there is room for a strong claim and where competitors have already staked out ground.</p>$$,
  NULL,
  'Admin',
  false,
  'published',
  '2025-08-04 09:00:00+00',
  '2025-08-04 09:00:00+00',
  '2025-08-04 09:00:00+00',
  NULL,
  NULL
),
(
  'blog',
  'what-investors-look-for-in-a-technology-assessment',
  'What Investors Look For in a Technology Assessment',
  'Investors read technology assessments for risk, not for praise. These are the six questions they want answered, and how to present the evidence that answers them.',
  $$<p>A technology assessment is often the first document an investor or corporate partner reads about an invention. They are not looking for enthusiasm. They want to know what could go wrong, how likely it is, and what it would cost to find out. A report that answers those questions clearly earns a second meeting.</p>
<h2>1. What problem does it solve, and for whom?</h2>
<p>Name the customer and the pain in concrete terms. A quantified problem, such as hours lost, energy wasted or failure rates, is far more convincing than a broad market statement.</p>
<h2>2. How mature is the technology?</h2>
<p>State the Technology Readiness Level honestly and show the evidence behind it. Investors discount optimistic ratings quickly.</p>
<h2>3. Can it be protected?</h2>
<p>Summarise filed or planned patents, the prior art that matters, and any freedom-to-operate concerns. Ownership must be clean: who invented it, who employed them, and who has signed what.</p>
<h2>4. How big is the opportunity, really?</h2>
<p>Start from the serviceable market you can reach in the first years, not the global total. Show the assumptions so a reader can change them.</p>
<h2>5. What stands between today and revenue?</h2>
<ul>
<li>Technical milestones and the experiments that de-risk them.</li>
<li>Regulatory pathway, approvals and typical timelines.</li>
<li>Manufacturing, supply chain and unit-cost questions.</li>
</ul>
<h2>6. How will it reach the market?</h2>
<p>Licensing, a spin-out, or a partnership with an established player. Each implies a different capital need and return profile, and investors want to see that the choice is deliberate.</p>
<p>Assay reports are organised around exactly these questions, in three depths. A Basic report frames the opportunity, an Advanced report adds the business case and regulatory pathway, and a Comprehensive report adds freedom-to-operate, financial projections and a funding strategy.</p>$$,
  NULL,
  'Admin',
  false,
  'published',
  '2025-08-11 09:00:00+00',
  '2025-08-11 09:00:00+00',
  '2025-08-11 09:00:00+00',
  NULL,
  NULL
),
(
  'press_release',
  'assay-launches-ai-technology-assessment-reports',
  'Assay Launches AI-Generated Technology Assessment Reports for Inventors and Technology-Transfer Offices',
  'Assay today launched a platform that turns a short description of an invention into a structured, investor-oriented Technology Assessment Report, delivered as a PDF in three depths.',
  $$<p><strong>New Delhi, July 18, 2025</strong> - Assay today announced the launch of its technology assessment platform for inventors, researchers, technology-transfer offices and institutions. From a short description of an invention, Assay produces a structured, investor-oriented Technology Assessment Report delivered as a PDF.</p>
<p>Reports are available in three tiers. <strong>Basic</strong> covers the problem, the technology, benefits, applications, an IP snapshot, feasibility, market signals, competitors, regulatory considerations and risks. <strong>Advanced</strong> adds the business case, TRL challenges, detailed IP analysis, regulatory pathways, commercialisation options, financial estimates and a go-to-market plan. <strong>Comprehensive</strong> adds claims analysis, global freedom-to-operate, business models, a five-year ROI view, funding strategy, licensing and exit options, and a roadmap.</p>
<p>Reports are paid for with tokens, and new members receive free tokens to try the service with no credit card required.</p>
<blockquote><p>Most inventions never get a structured assessment because it is slow and expensive. We want every inventor to walk into a meeting with a funder or licensee knowing the strengths and the risks of their technology.</p></blockquote>
<h2>About Assay</h2>
<p>Assay helps inventors and institutions evaluate and commercialise new technologies, and connects them with a network of registered technology transfer professionals.</p>$$,
  NULL,
  'Assay Communications',
  false,
  'published',
  '2025-07-18 06:00:00+00',
  '2025-07-18 06:00:00+00',
  '2025-07-18 06:00:00+00',
  NULL,
  NULL
),
(
  'press_release',
  'assay-opens-rttp-expert-network',
  'Assay Opens Its Network of Registered Technology Transfer Professionals to Inventors',
  'Members can now book consultations with certified RTTPs for expert review, IP licensing, startup formation, funding strategy and global market access.',
  $$<p><strong>New Delhi, August 1, 2025</strong> - Assay today opened its network of Registered Technology Transfer Professionals (RTTPs) to inventors and institutions using the platform.</p>
<p>RTTPs are certified practitioners with experience in moving technologies from research to market. Through Assay, inventors can book a consultation to discuss:</p>
<ul>
<li>technology scouting and opportunity assessment,</li>
<li>IP licensing strategy and negotiation,</li>
<li>startup formation and spin-out planning,</li>
<li>funding strategy and investor readiness,</li>
<li>global market access, and</li>
<li>compliance and risk management.</li>
</ul>
<p>An expert review of an AI-generated assessment report is offered as a separate paid service. Experienced professionals who wish to join the network can apply through the RTTP page.</p>
<h2>About Assay</h2>
<p>Assay produces investor-oriented technology assessment reports and connects inventors with technology-transfer experts worldwide.</p>$$,
  NULL,
  'Assay Communications',
  false,
  'published',
  '2025-08-01 06:00:00+00',
  '2025-08-01 06:00:00+00',
  '2025-08-01 06:00:00+00',
  NULL,
  NULL
),
(
  'press_release',
  'assay-in-the-news-ai-for-technology-transfer',
  'In the News: How AI Is Speeding Up Technology Transfer',
  'Coverage of Assay and the use of AI to give inventors a structured first assessment of their technology. Opens the full article on the publisher''s site.',
  $$<p>An external article discussing how AI-generated assessments help inventors and technology-transfer offices triage new inventions, and where expert review remains essential. The full story is available on the publisher's website.</p>$$,
  'https://www.example.com/news/ai-speeding-up-technology-transfer',
  'Assay Communications',
  false,
  'published',
  '2025-08-12 06:00:00+00',
  '2025-08-12 06:00:00+00',
  '2025-08-12 06:00:00+00',
  NULL,
  NULL
);

INSERT INTO post_slugs (post_type, slug, post_id, created_at)
SELECT post_type, slug, id, created_at FROM posts;
