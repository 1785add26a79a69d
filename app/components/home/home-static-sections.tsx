import { Link } from 'react-router'
import { ContactLinks } from '~/components/layout/contact-links'
import type { RootConfig } from '~/components/layout/root-data'
import { fillFor } from '~/components/content/policy-sections'
import { aboutStory, contactIntro, homeFaq } from '~/content/site'
import { ServiceGrid } from './service-grid'

/**
 * The home page's sections that never change in the browser (services, FAQ, about, contact): drawn
 * by the server only (the home loader renders them to HTML for ServerHtml), so they cost no script.
 * Each FAQ question is a <details>: it opens and closes on its own, with or without scripts.
 */
export function HomeStaticSections({ config }: { config: Pick<RootConfig, 'storeName' | 'supportEmail' | 'contacts'> }) {
	const fill = fillFor({ storeName: config.storeName, supportEmail: config.supportEmail, whatsappText: config.contacts.whatsapp.text })
	return (
		<>
			<section className="section alt" id="services" aria-labelledby="services-title">
				<div className="container">
					<h2 id="services-title">Our Services</h2>
					<ServiceGrid headingLevel="h3" />
				</div>
			</section>

			<section className="section" id="faq" aria-labelledby="faq-title">
				<div className="container narrow">
					<h2 id="faq-title">Frequently Asked Questions</h2>
					<div className="faq">
						{homeFaq.map((item) => (
							<details key={item.question} className="faq-item">
								<summary>
									<h3>{item.question}</h3>
									<span aria-hidden="true" className="faq-sign" />
								</summary>
								<p>{item.answer}</p>
							</details>
						))}
					</div>
					<p>
						<Link to="/faq">See all questions</Link>
					</p>
				</div>
			</section>

			<section className="section alt" id="about" aria-labelledby="about-title">
				<div className="container narrow">
					<h2 id="about-title">About Us</h2>
					<p>{fill(aboutStory[0]!)}</p>
					<Link to="/about">Read our story</Link>
				</div>
			</section>

			<section className="section" id="contact" aria-labelledby="contact-title">
				<div className="container narrow">
					<h2 id="contact-title">Contact</h2>
					<p>{fill(contactIntro)}</p>
					<ContactLinks contacts={config.contacts} />
					<Link to="/contact" className="button primary">
						Send us a message
					</Link>
				</div>
			</section>
		</>
	)
}
