import { expect } from 'chai';
import { ExtractionError, sniffDocumentType } from '../../src/documents/index';
import { LlmDocumentExtractor, LlmError, OpenAiCompatibleClient } from '../../worker/vendors/index';
import { OpenAiTestServer, type ChatRequestBody } from '../support/openai-server';
import { tinyPdf, tinyPng } from '../support/tiny-files';

const nulls = {
  name: null, surname: null, givenNames: null, nationality: null, dateOfBirth: null, sex: null, documentNumber: null, issuingCountry: null, expiryDate: null,
  companyName: null, registrationNumber: null, country: null, entityType: null, incorporationDate: null, registeredAddress: null, directors: null,
  address: null, issueDate: null,
};

const userParts = (body: ChatRequestBody) => body.messages[1]!.content as Exclude<ChatRequestBody['messages'][number]['content'], string>;

describe('LLM document extractor (OpenAI-compatible)', () => {
  let server: OpenAiTestServer;
  let extractor: LlmDocumentExtractor;

  beforeEach(async () => {
    server = await OpenAiTestServer.start();
    extractor = new LlmDocumentExtractor(new OpenAiCompatibleClient({ url: server.url, apiKey: server.apiKey, model: server.model, timeoutMs: 5000, maxRetries: 0 }));
  });
  afterEach(() => server.close());

  it('sends a PDF as a file part with base64 file_data and keeps the fields the model found', async () => {
    const pdf = tinyPdf(['CERTIFICATE OF INCORPORATION', 'Globex Trading Ltd', 'Company number 09876543', 'Incorporated 14 March 2015']);
    expect((await sniffDocumentType(pdf))?.mimeType).to.equal('application/pdf');
    server.script({
      content: {
        readable: true, unreadableReason: null, documentType: 'certificate_of_incorporation',
        fields: { ...nulls, companyName: 'Globex Trading Ltd', registrationNumber: '09876543', incorporationDate: '2015-03-14', country: 'GB', directors: [{ name: 'Grace Hopper', nationality: null, dateOfBirth: null }] },
        confidence: 'Medium', warnings: ['The registered address is not shown.'], missingFields: ['registeredAddress', 'notAField'],
      },
    });
    const result = await extractor.extract({ filename: 'incorporation.pdf', mimeType: 'application/pdf', bytes: pdf, declaredType: 'certificate_of_incorporation' });
    expect(extractor.name).to.equal(`llm:${server.model}`);
    expect(result).to.deep.equal({
      documentType: 'certificate_of_incorporation',
      extractedData: { companyName: 'Globex Trading Ltd', registrationNumber: '09876543', incorporationDate: '2015-03-14', country: 'GB', directors: [{ name: 'Grace Hopper' }] },
      confidence: 'Medium',
      warnings: ['The registered address is not shown.'],
      missingFields: ['registeredAddress'],
    });
    const parts = userParts(server.requests[0]!.body);
    expect(parts[0]!.type).to.equal('text');
    expect(parts[0]!.text).to.include('incorporation.pdf').and.include('application/pdf').and.include('certificate_of_incorporation');
    expect(parts[1]).to.deep.equal({ type: 'file', file: { filename: 'incorporation.pdf', file_data: `data:application/pdf;base64,${pdf.toString('base64')}` } });
    expect(server.requests[0]!.body.response_format.json_schema.name).to.equal('document_extraction');
  });

  it('sends an image as an image_url data URI', async () => {
    const png = tinyPng();
    expect((await sniffDocumentType(png))?.mimeType).to.equal('image/png');
    server.script({
      content: {
        readable: true, unreadableReason: null, documentType: 'passport',
        fields: { ...nulls, surname: 'HOPPER', givenNames: 'GRACE', nationality: 'US', dateOfBirth: '1966-12-09', documentNumber: 'X1234567', expiryDate: '2031-01-01', issuingCountry: 'US', sex: 'F' },
        confidence: 'High', warnings: [], missingFields: [],
      },
    });
    const result = await extractor.extract({ filename: 'passport.png', mimeType: 'image/png', bytes: png, declaredType: null });
    expect(result.documentType).to.equal('passport');
    expect(result.extractedData).to.deep.equal({
      surname: 'HOPPER', givenNames: 'GRACE', nationality: 'US', dateOfBirth: '1966-12-09', documentNumber: 'X1234567', expiryDate: '2031-01-01', issuingCountry: 'US', sex: 'F',
    });
    expect(userParts(server.requests[0]!.body)[1]).to.deep.equal({ type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}`, detail: 'high' } });
  });

  it('an answer that says the document cannot be read is an ExtractionError with the reason', async () => {
    server.script({ content: { readable: false, unreadableReason: 'The page is blank.', documentType: 'other', fields: nulls, confidence: 'Low', warnings: [], missingFields: [] } });
    try {
      await extractor.extract({ filename: 'blank.pdf', mimeType: 'application/pdf', bytes: tinyPdf([]), declaredType: null });
      expect.fail('expected an ExtractionError');
    } catch (err) {
      expect(err).to.be.instanceOf(ExtractionError);
      expect((err as Error).message).to.equal('The document could not be read: The page is blank.');
    }
  });

  it('a type the API cannot take and an empty file are ExtractionErrors, without a request', async () => {
    for (const input of [
      { filename: 'photo.heic', mimeType: 'image/heic', bytes: Buffer.from('not really heic'), declaredType: null },
      { filename: 'empty.pdf', mimeType: 'application/pdf', bytes: Buffer.alloc(0), declaredType: null },
    ]) {
      try {
        await extractor.extract(input);
        expect.fail('expected an ExtractionError');
      } catch (err) {
        expect(err, input.filename).to.be.instanceOf(ExtractionError);
      }
    }
    expect(server.requests).to.have.lengthOf(0);
  });

  it('a malformed answer is an LlmError (retried by the job), not an ExtractionError', async () => {
    server.script({ content: { readable: true, documentType: 'passport', fields: {}, confidence: 'Sure', warnings: [], missingFields: [] } });
    try {
      await extractor.extract({ filename: 'p.pdf', mimeType: 'application/pdf', bytes: tinyPdf(['P<USAHOPPER<<GRACE']), declaredType: null });
      expect.fail('expected an LlmError');
    } catch (err) {
      expect(err).to.be.instanceOf(LlmError);
      expect((err as LlmError).kind).to.equal('bad_answer');
    }
  });
});
