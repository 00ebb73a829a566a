import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatView } from '../../src/features/chat/ChatView';
import { validationError } from '../fakes/CallRecorder';
import { FakeApi } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const PNG_BASE64 = Buffer.from(PNG).toString('base64');

function seeded() {
  const api = new FakeApi();
  api.settingsValue = { language: 'en' };
  const provider = api.fakeProviders.add({ name: 'OpenAI', kind: 'openai', apiKey: 'sk-test', models: ['gpt-4o'] });
  const conversation = api.fakeChat.createConversation({ title: 'Pictures', providerId: provider.id, model: 'gpt-4o' });
  return { api, conversation };
}

async function open(api: FakeApi) {
  renderApp(<ChatView onSetUpProviders={() => {}} />, { api });
  await screen.findByRole('log', { name: 'Messages' });
}

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const tray = () => screen.getByRole('list', { name: 'Files to send' });
const pick = async (...files: File[]) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files } });
  });
};

describe('attachments in the composer', () => {
  it('picks an image and a text file, shows them, removes one, and sends the rest with the text', async () => {
    const { api, conversation } = seeded();
    await open(api);
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeTruthy();
    await pick(new File([PNG], 'chart.png', { type: 'image/png' }), new File(['# Plan'], 'plan.md'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(within(tray()).getAllByRole('listitem')).toHaveLength(3));
    const thumb = tray().querySelector('img');
    expect(thumb?.getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`);

    fireEvent.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(within(tray()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['chart.png11 B', 'plan.md6 B']);

    fireEvent.change(composer(), { target: { value: 'What is this?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('chat.send')).toHaveLength(1));
    expect(api.callsTo('chat.send')[0]).toEqual({
      conversationId: conversation.id,
      text: 'What is this?',
      attachments: [
        { kind: 'image', name: 'chart.png', mimeType: 'image/png', data: PNG_BASE64 },
        { kind: 'text', name: 'plan.md', text: '# Plan' },
      ],
    });
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();

    // The sent message shows the image (loaded from main) and the text file's chip.
    const sent = await screen.findByRole('list', { name: 'Files sent with this message' });
    await waitFor(() => expect(within(sent).getByRole('img', { name: 'Image chart.png' }).getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`));
    expect(api.callsTo('chat.attachment')).toEqual([{ conversationId: conversation.id, attachmentId: expect.any(String) }]);
    expect(within(sent).getByText('plan.md')).toBeTruthy();
  });

  it('sends files without text, and attaches an image pasted into the box', async () => {
    const { api, conversation } = seeded();
    await open(api);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    await act(async () => {
      fireEvent.paste(composer(), { clipboardData: { files: [new File([PNG], 'image.png', { type: 'image/png' })], types: ['Files'] } });
    });
    await waitFor(() => expect(within(tray()).getAllByRole('listitem')).toHaveLength(1));
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(api.callsTo('chat.send')).toEqual([{ conversationId: conversation.id, text: '', attachments: [{ kind: 'image', name: 'image.png', mimeType: 'image/png', data: PNG_BASE64 }] }]));
  });

  it('attaches files dropped on the composer', async () => {
    const { api } = seeded();
    await open(api);
    const form = composer().closest('form')!;
    const dataTransfer = { files: [new File(['a,b\n1,2'], 'table.csv', { type: 'text/csv' })], types: ['Files'] };
    fireEvent.dragOver(form, { dataTransfer });
    expect(form.hasAttribute('data-dragging')).toBe(true);
    await act(async () => {
      fireEvent.drop(form, { dataTransfer });
    });
    await waitFor(() => expect(within(tray()).getByText('table.csv')).toBeTruthy());
    expect(form.hasAttribute('data-dragging')).toBe(false);
  });

  it('names each file it cannot attach, and why', async () => {
    const { api } = seeded();
    await open(api);
    await pick(
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      new File([PNG], 'ok.png', { type: 'image/png' }),
    );
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'report.pdf: only images (PNG, JPEG, WebP, GIF) and text files can be attached.',
      'huge.png: it is larger than 5 MB, the most an image can be.',
    ]);
    expect(within(tray()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ok.png11 B']);

    await pick(...Array.from({ length: 10 }, (_, i) => new File(['x'], `n${i}.txt`, { type: 'text/plain' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('n9.txt: not attached: a message can carry at most 10 files.'));
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(10);
  });

  it("keeps the files when sending fails, with main's reason on the file it names", async () => {
    const { api } = seeded();
    await open(api);
    await pick(new File([PNG], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(within(tray()).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.change(composer(), { target: { value: 'Look' } });
    api.failures.set('chat.send', validationError([{ field: 'attachments.0.data', code: 'notAnImage', params: { name: 'fake.png' } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('fake.png: This file is not a PNG, JPEG, WebP or GIF image.'));
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(1);
    expect(composer().value).toBe('Look');
  });

  it('says so when an image of a sent message is no longer stored', async () => {
    const { api, conversation } = seeded();
    api.fakeChat.emit(conversation.id, {
      type: 'message',
      message: api.fakeChat.message(conversation.id, { role: 'user', text: 'old', attachments: [{ id: 'gone', kind: 'image', name: 'old.png', mimeType: 'image/png', size: 10 }] }),
    });
    await open(api);
    expect(await screen.findByText('old.png (no longer stored)')).toBeTruthy();
  });
});
